/**
 * Properties of the sync's merge rules, checked on generated histories with fast-check. Each
 * `apply*` helper below stores a merge's decisions in a plain Map the way mirror.ts and outbox.ts
 * store them in IndexedDB, including the unique index on a keyword set's locale. Versions are
 * generated as the server makes them: one content per (id, updated).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KeywordSet, LocaleCode } from '../../../../domain/index.ts';
import type { KeywordOutboxItem as OutboxItem, LocalKeywordSet } from '../local-db.ts';
import {
  decidePush,
  mergeIntoChunks,
  mergeKeywordSets,
  newerRecords,
  queueKeywordChange,
  runsOf,
  settleOutboxItem,
  withoutRow,
  type RunChunk,
  type Versioned,
} from './merge.ts';

/** A server timestamp; zero-padded, so string order is time order as with PocketBase's. */
const at = (tick: number) => `2026-05-01 10:00:${String(tick).padStart(6, '0')}Z`;

interface Version extends Versioned {
  content: string;
}
interface Row extends Version {
  run: string;
}

const version = (id: string, tick: number): Version => ({ id, updated: at(tick), content: `${id}@${tick}` });
// A row never moves to another run.
const row = (id: string, tick: number): Row => ({
  ...version(id, tick),
  run: `run-${Number(id.slice(1)) % 3}`,
});

const tickArb = fc.integer({ min: 0, max: 12 });
const versionArb = fc
  .tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), tickArb)
  .map(([id, t]) => version(id, t));
const rowArb = fc.tuple(fc.integer({ min: 0, max: 9 }), tickArb).map(([n, t]) => row(`r${n}`, t));
const batchesOf = <T>(arb: fc.Arbitrary<T>) => fc.array(fc.array(arb, { maxLength: 8 }), { maxLength: 6 });

/** The newest version of every id (the state last writer wins must reach, whatever the order). */
function newestById<T extends Versioned>(versions: readonly T[]): Map<string, T> {
  const newest = new Map<string, T>();
  for (const v of versions)
    if (!newest.has(v.id) || v.updated > newest.get(v.id)!.updated) newest.set(v.id, v);
  return newest;
}

const sortedEntries = <T>(map: Map<string, T>) => [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

// --- whole records ---------------------------------------------------------------------------

/** Stores a batch of records as writeRuns does: bulkGet of the batch's ids, bulkPut of the newer. */
function applyRecords(state: Map<string, Version>, batch: readonly Version[]): Version[] {
  const newer = newerRecords(
    batch.map((v) => state.get(v.id)),
    batch,
  );
  for (const v of newer) state.set(v.id, v);
  return newer;
}

describe('last writer wins (whole records)', () => {
  it('ends with the newest version of every record, whatever the order and batching of arrival', () => {
    fc.assert(
      fc.property(batchesOf(versionArb), (batches) => {
        const all = batches.flat();
        const expected = sortedEntries(newestById(all));
        const state = new Map<string, Version>();
        for (const batch of batches) applyRecords(state, batch);
        expect(sortedEntries(state)).toEqual(expected);
        // the same versions in any other order, as one batch or one by one
        const reversed = new Map<string, Version>();
        applyRecords(reversed, all.slice().reverse());
        expect(sortedEntries(reversed)).toEqual(expected);
        const single = new Map<string, Version>();
        for (const v of all) applyRecords(single, [v]);
        expect(sortedEntries(single)).toEqual(expected);
      }),
    );
  });

  it('never stores an older version over a newer one, and a batch merged twice changes nothing more', () => {
    fc.assert(
      fc.property(fc.array(versionArb), fc.array(versionArb), (storedVersions, batch) => {
        const state = new Map(newestById(storedVersions));
        const before = new Map(state);
        for (const v of applyRecords(state, batch)) {
          expect(v.updated >= (before.get(v.id)?.updated ?? '')).toBe(true);
        }
        const once = sortedEntries(state);
        applyRecords(state, batch);
        expect(sortedEntries(state)).toEqual(once);
      }),
    );
  });

  it('gives a tie on `updated` to the incoming version', () => {
    const stored = { ...version('a', 3), content: 'stored' };
    const incoming = { ...version('a', 3), content: 'incoming' };
    expect(newerRecords([stored], [incoming])).toEqual([incoming]);
    expect(newerRecords([version('a', 4)], [version('a', 3)])).toEqual([]);
  });
});

// --- result rows in per-run chunks -------------------------------------------------------------

/** Stores a batch of rows as writeResults does: bulkGet of the runs' chunks, bulkPut of the changed. */
function applyRows(state: Map<string, RunChunk<Row>>, batch: readonly Row[]) {
  const merge = mergeIntoChunks(
    runsOf(batch).map((run) => state.get(run)),
    batch,
  );
  for (const chunk of merge.chunks) state.set(chunk.run, chunk);
  return merge;
}

const rowsOf = (state: Map<string, RunChunk<Row>>) => [...state.values()].flatMap((chunk) => chunk.rows);
const byId = (rows: readonly Row[]) => new Map(rows.map((r) => [r.id, r]));

describe('per-run chunk merge', () => {
  it('never loses or duplicates a row id, and keeps every row in its run’s chunk', () => {
    fc.assert(
      fc.property(batchesOf(rowArb), (batches) => {
        const state = new Map<string, RunChunk<Row>>();
        for (const batch of batches) applyRows(state, batch);
        const ids = rowsOf(state).map((r) => r.id);
        expect(ids.length).toBe(new Set(ids).size);
        expect(new Set(ids)).toEqual(new Set(batches.flat().map((r) => r.id)));
        for (const [run, chunk] of state) {
          expect(chunk.run).toBe(run);
          for (const r of chunk.rows) expect(r.run).toBe(run);
        }
      }),
    );
  });

  it('ends with the newest version of every row, whatever the order and batching of arrival', () => {
    fc.assert(
      fc.property(batchesOf(rowArb), (batches) => {
        const all = batches.flat();
        const expected = sortedEntries(newestById(all));
        const inBatches = new Map<string, RunChunk<Row>>();
        for (const batch of batches) applyRows(inBatches, batch);
        expect(sortedEntries(byId(rowsOf(inBatches)))).toEqual(expected);
        const reversed = new Map<string, RunChunk<Row>>();
        applyRows(reversed, all.slice().reverse());
        expect(sortedEntries(byId(rowsOf(reversed)))).toEqual(expected);
      }),
    );
  });

  it('reports exactly the rows whose stored version changed, once each, and rewrites only their chunks', () => {
    fc.assert(
      fc.property(batchesOf(rowArb), fc.array(rowArb, { maxLength: 12 }), (history, batch) => {
        const state = new Map<string, RunChunk<Row>>();
        for (const earlier of history) applyRows(state, earlier);
        const before = byId(rowsOf(state));
        const { chunks, written } = applyRows(state, batch);
        const after = byId(rowsOf(state));
        const changed = [...after.values()].filter((r) => before.get(r.id) !== r).map((r) => r.id);
        const writtenIds = written.map((r) => r.id);
        expect(writtenIds.length).toBe(new Set(writtenIds).size);
        expect(new Set(writtenIds)).toEqual(new Set(changed));
        for (const r of written) expect(after.get(r.id)).toBe(r);
        expect(new Set(chunks.map((chunk) => chunk.run))).toEqual(new Set(written.map((r) => r.run)));
      }),
    );
  });

  it('writes nothing when the same batch is merged again (a pull meeting rows realtime stored)', () => {
    fc.assert(
      fc.property(batchesOf(rowArb), fc.array(rowArb, { maxLength: 12 }), (history, batch) => {
        const state = new Map<string, RunChunk<Row>>();
        for (const earlier of history) applyRows(state, earlier);
        applyRows(state, batch);
        expect(applyRows(state, batch)).toEqual({ chunks: [], written: [] });
      }),
    );
  });

  it('keeps stored rows in their places and appends new ones in arrival order', () => {
    fc.assert(
      fc.property(batchesOf(rowArb), fc.array(rowArb, { maxLength: 12 }), (history, batch) => {
        const state = new Map<string, RunChunk<Row>>();
        for (const earlier of history) applyRows(state, earlier);
        const before = new Map([...state].map(([run, chunk]) => [run, chunk.rows.map((r) => r.id)]));
        applyRows(state, batch);
        for (const [run, chunk] of state) {
          const old = before.get(run) ?? [];
          const ids = chunk.rows.map((r) => r.id);
          expect(ids.slice(0, old.length)).toEqual(old);
          const added = [
            ...new Set(batch.filter((r) => r.run === run && !old.includes(r.id)).map((r) => r.id)),
          ];
          expect(ids.slice(old.length)).toEqual(added);
        }
      }),
    );
  });

  it('removes a deleted row from its chunk, and writes nothing for a row it does not hold', () => {
    const chunk = { run: 'run-1', rows: [row('r1', 1), row('r4', 2), row('r7', 3)] };
    expect(withoutRow(chunk, 'r4')).toEqual({ run: 'run-1', rows: [row('r1', 1), row('r7', 3)] });
    expect(withoutRow(chunk, 'r9')).toBeNull();
    expect(withoutRow(undefined, 'r4')).toBeNull();
  });
});

// --- keyword sets and the outbox -----------------------------------------------------------------

const USER = 'user-1';
const LOCALES: LocaleCode[] = ['de-DE', 'fr-FR', 'it-IT'];
const localeArb = fc.constantFrom(...LOCALES);
const keywordsArb = fc.constantFrom<string[]>(['a'], ['b'], ['a', 'b'], ['c']);

const keywordSet = (id: string, locale: LocaleCode, tick: number, keywords: string[]): KeywordSet => ({
  id,
  user: USER,
  locale,
  keywords,
  created: at(0),
  updated: at(tick),
});

/**
 * A device's keyword sets, stored as Dexie stores them: by id, with a unique index on locale (a
 * put that would give a locale a second set fails, as IndexedDB's ConstraintError does).
 */
class LocalSets {
  byId = new Map<string, LocalKeywordSet>();
  ofLocale(locale: string) {
    return [...this.byId.values()].find((set) => set.locale === locale);
  }
  delete(ids: readonly string[]) {
    for (const id of ids) this.byId.delete(id);
  }
  put(set: LocalKeywordSet) {
    const other = this.ofLocale(set.locale);
    if (other && other.id !== set.id) throw new Error(`ConstraintError: a second set for ${set.locale}`);
    this.byId.set(set.id, set);
  }
}

/** Stores server sets as writeKeywordSets does. */
function applyServerSets(local: LocalSets, incoming: readonly LocalKeywordSet[]) {
  const locales = new Set(incoming.map((set) => set.locale));
  const stored = [...local.byId.values()].filter((set) => locales.has(set.locale));
  const { deletes, puts } = mergeKeywordSets(stored, incoming);
  local.delete(deletes);
  for (const set of puts) local.put(set);
}

describe('keyword sets from the server', () => {
  // Per locale: the server's one record (`srv-<locale>`) in several versions, and maybe a local
  // set, either the same record or one made on this device (`dev-<locale>`), maybe pending.
  const localArb = fc.record({
    locale: localeArb,
    own: fc.boolean(),
    tick: tickArb,
    pending: fc.boolean(),
  });
  const serverArb = fc
    .tuple(localeArb, tickArb)
    .map(([locale, t]) => keywordSet(`srv-${locale}`, locale, t, [`v${t}`]));

  function seed(locals: Array<{ locale: LocaleCode; own: boolean; tick: number; pending: boolean }>) {
    const local = new LocalSets();
    for (const { locale, own, tick, pending } of locals) {
      if (local.ofLocale(locale)) continue;
      local.put({ ...keywordSet(own ? `dev-${locale}` : `srv-${locale}`, locale, tick, ['local']), pending });
    }
    return local;
  }

  it('keeps one set per locale, leaves pending ones alone and ends with the server’s newest, in any order', () => {
    fc.assert(
      fc.property(fc.array(localArb, { maxLength: 3 }), batchesOf(serverArb), (locals, batches) => {
        const local = seed(locals);
        const before = new Map(local.byId);
        for (const batch of batches) applyServerSets(local, batch);
        const reversed = seed(locals);
        applyServerSets(reversed, batches.flat().reverse());
        expect(sortedEntries(reversed.byId)).toEqual(sortedEntries(local.byId));

        const newest = newestById(batches.flat());
        for (const locale of LOCALES) {
          const had = [...before.values()].find((set) => set.locale === locale);
          const server = newest.get(`srv-${locale}`);
          const now = local.ofLocale(locale);
          if (had?.pending) expect(now).toBe(had);
          else if (!server) expect(now).toBe(had);
          else if (had && had.id === server.id && had.updated > server.updated) expect(now).toBe(had);
          else expect(now).toEqual(server);
        }
      }),
    );
  });
});

/**
 * A device and the server, driven through the outbox's decisions by generated histories: changes
 * saved on the device, changes made on another device, pushes that succeed, are refused or find
 * the server unreachable, and pulls.
 */
class World {
  server = new Map<string, KeywordSet>();
  local = new LocalSets();
  outbox: OutboxItem[] = [];
  clock = 1;
  seq = 0;
  ids = 0;
  notices: string[] = [];
  /** Locales another device changed, or whose change the server refused. */
  disturbed = new Set<string>();
  /** The last keywords saved on the device, by locale. */
  lastSaved = new Map<string, string[]>();

  save(locale: LocaleCode, keywords: string[]) {
    const queued = this.outbox.find((item) => item.locale === locale);
    const change = { userId: USER, locale, keywords, queuedAt: 0, newId: `dev${++this.ids}` };
    const { record, item } = queueKeywordChange(change, this.local.ofLocale(locale), queued);
    this.local.put(record);
    this.outbox.push({ ...item, seq: ++this.seq });
    this.lastSaved.set(locale, keywords);
  }

  elsewhere(locale: LocaleCode, keywords: string[]) {
    const current = this.server.get(locale);
    this.serverWrite(current?.id ?? `other${++this.ids}`, locale, keywords);
    this.disturbed.add(locale);
  }

  serverWrite(id: string, locale: LocaleCode, keywords: string[]): KeywordSet {
    const saved = keywordSet(id, locale, ++this.clock, keywords);
    this.server.set(locale, saved);
    return saved;
  }

  push(outcome: 'ok' | 'refused' | 'unreachable') {
    const item = this.outbox[0];
    if (!item || outcome === 'unreachable') return;
    const server = this.server.get(item.locale) ?? null;
    if (outcome === 'refused') {
      this.notices.push('refused');
      this.disturbed.add(item.locale);
      this.settle(item, server);
      return;
    }
    const decision = decidePush(item, server, USER);
    if (decision.kind === 'server-wins') {
      if (decision.tellUser) this.notices.push('server won');
      this.settle(item, decision.server);
    } else if (decision.kind === 'update') {
      // Only over the version the change was made over.
      expect(server?.updated).toBe(item.baseUpdated);
      this.settle(item, this.serverWrite(decision.id, item.locale, decision.keywords));
    } else {
      expect(server).toBeNull();
      this.settle(item, this.serverWrite(decision.record.id, item.locale, decision.record.keywords));
    }
  }

  settle(item: OutboxItem, server: KeywordSet | null) {
    const writes = settleOutboxItem(item, server, this.outbox, this.local.ofLocale(item.locale));
    this.outbox = this.outbox.filter((other) => other.seq !== item.seq);
    for (const { seq, ...changes } of writes.rebase) {
      const index = this.outbox.findIndex((other) => other.seq === seq);
      this.outbox[index] = { ...this.outbox[index]!, ...changes };
    }
    this.local.delete(writes.deleteSets);
    if (writes.putSet) this.local.put(writes.putSet);
  }

  pull() {
    applyServerSets(this.local, [...this.server.values()]);
  }

  /** What must hold between any two steps. */
  check() {
    for (const locale of LOCALES) {
      const set = this.local.ofLocale(locale);
      const queued = this.outbox.filter((item) => item.locale === locale);
      expect(Boolean(set?.pending)).toBe(queued.length > 0);
      if (queued.length === 0) continue;
      // every queued change of a locale is made over one server version
      expect(new Set(queued.map((item) => item.baseUpdated)).size).toBe(1);
      // the device shows the last change made on it
      expect(set?.keywords).toEqual(queued[queued.length - 1]!.keywords);
    }
  }
}

type Step =
  | { op: 'save' | 'elsewhere'; locale: LocaleCode; keywords: string[] }
  | { op: 'push'; outcome: 'ok' | 'refused' | 'unreachable' }
  | { op: 'pull' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('save' as const), locale: localeArb, keywords: keywordsArb }),
  fc.record({ op: fc.constant('elsewhere' as const), locale: localeArb, keywords: keywordsArb }),
  fc.record({
    op: fc.constant('push' as const),
    outcome: fc.constantFrom('ok' as const, 'ok' as const, 'refused' as const, 'unreachable' as const),
  }),
  fc.record({ op: fc.constant('pull' as const) }),
);

function run(steps: readonly Step[]): World {
  const world = new World();
  for (const step of steps) {
    if (step.op === 'save') world.save(step.locale, step.keywords);
    else if (step.op === 'elsewhere') world.elsewhere(step.locale, step.keywords);
    else if (step.op === 'push') world.push(step.outcome);
    else world.pull();
    world.check();
  }
  // back online for good: the outbox drains, then a pull
  while (world.outbox.length) {
    world.push('ok');
    world.check();
  }
  world.pull();
  return world;
}

describe('outbox decisions', () => {
  it('keep one set per locale, a pending set while changes wait, and one base version per locale', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => void run(steps)),
      { numRuns: 500 },
    );
  });

  it('converge: once the outbox drains and a pull ran, the device holds exactly the server’s sets', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const world = run(steps);
        expect(world.outbox).toEqual([]);
        const local = LOCALES.map((locale) => world.local.ofLocale(locale) ?? null);
        expect(local).toEqual(LOCALES.map((locale) => world.server.get(locale) ?? null));
      }),
      { numRuns: 500 },
    );
  });

  it('lose no change: where no other device wrote and nothing was refused, the server ends with the last change', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (steps) => {
        const world = run(steps);
        for (const [locale, keywords] of world.lastSaved) {
          if (!world.disturbed.has(locale)) expect(world.server.get(locale)?.keywords).toEqual(keywords);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('tell the user when another device’s version wins over a different change', () => {
    const world = new World();
    world.elsewhere('de-DE', ['original']);
    world.pull();
    world.save('de-DE', ['mine']);
    world.elsewhere('de-DE', ['theirs']);
    world.push('ok');
    expect(world.notices).toEqual(['server won']);
    expect(world.server.get('de-DE')?.keywords).toEqual(['theirs']);
    expect(world.local.ofLocale('de-DE')).toEqual(world.server.get('de-DE'));
  });

  it('decide: push over the base version, create with the device’s id, and lose to a newer server version', () => {
    const item: OutboxItem = {
      seq: 1,
      op: 'keywords.upsert',
      recordId: 'dev1',
      locale: 'de-DE',
      keywords: ['mine'],
      baseUpdated: at(2),
      queuedAt: 0,
    };
    expect(decidePush(item, keywordSet('srv', 'de-DE', 2, ['old']), USER)).toEqual({
      kind: 'update',
      id: 'srv',
      keywords: ['mine'],
    });
    expect(decidePush(item, null, USER)).toEqual({
      kind: 'create',
      record: { id: 'dev1', user: USER, locale: 'de-DE', keywords: ['mine'] },
    });
    const newer = keywordSet('srv', 'de-DE', 3, ['theirs']);
    expect(decidePush(item, newer, USER)).toEqual({ kind: 'server-wins', server: newer, tellUser: true });
    // nothing to tell when the server already holds the same keywords
    expect(decidePush(item, { ...newer, keywords: ['mine'] }, USER)).toMatchObject({ tellUser: false });
  });

  it('settle a change that lost while another waits: the local set is replaced before the new one is stored', () => {
    const local: LocalKeywordSet = {
      ...keywordSet('dev1', 'de-DE', 0, ['second']),
      updated: '',
      pending: true,
    };
    const queued: OutboxItem[] = [
      {
        seq: 1,
        op: 'keywords.upsert',
        recordId: 'dev1',
        locale: 'de-DE',
        keywords: ['first'],
        baseUpdated: '',
        queuedAt: 0,
      },
      {
        seq: 2,
        op: 'keywords.upsert',
        recordId: 'dev1',
        locale: 'de-DE',
        keywords: ['second'],
        baseUpdated: '',
        queuedAt: 0,
      },
    ];
    const server = keywordSet('srv', 'de-DE', 5, ['theirs']);
    expect(settleOutboxItem(queued[0]!, server, queued, local)).toEqual({
      rebase: [{ seq: 2, baseUpdated: at(5), recordId: 'srv' }],
      deleteSets: ['dev1'],
      putSet: { ...local, id: 'srv', updated: at(5), pending: true },
    });
  });
});
