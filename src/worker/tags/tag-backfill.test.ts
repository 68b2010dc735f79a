import { describe, expect, it } from 'vitest';
import type { UntaggedRow } from '../../domain/tags/backfill-contract.ts';
import type { Tag } from '../../domain/tags/vocabulary.ts';
import { rowTags } from './row-tags.ts';
import type { TagServer } from './tag-api.ts';
import { tagBackfill } from './tag-backfill.ts';

const copy = (id: string, body: string): UntaggedRow => ({
  id,
  title: '',
  body,
  caption: '',
  link_description: '',
  cta_type: 'SHOP_NOW',
});

/**
 * The server's side of the routes as src/hooks/tags/backfill.ts keeps it: pages of the untagged
 * rows by id after `after`, and a store that sets only rows still untagged.
 */
function memoryServer(rows: readonly UntaggedRow[]) {
  const tags = new Map<string, Tag[] | null>(rows.map((row) => [row.id, null]));
  const writes = new Map<string, number>();
  const claims: string[] = [];
  const server: TagServer & { failNext: number } = {
    failNext: 0,
    async claim(after, limit) {
      claims.push(after);
      await Promise.resolve();
      if (server.failNext > 0) {
        server.failNext--;
        throw new Error('HTTP 503');
      }
      return rows
        .filter((row) => tags.get(row.id) === null && row.id > after)
        .sort((a, b) => a.id.localeCompare(b.id))
        .slice(0, limit);
    },
    async store(tagged) {
      await Promise.resolve();
      let stored = 0;
      for (const row of tagged) {
        if (tags.get(row.id) !== null) continue;
        tags.set(row.id, row.tags);
        writes.set(row.id, (writes.get(row.id) ?? 0) + 1);
        stored++;
      }
      return stored;
    },
  };
  const untagged = () => [...tags.values()].filter((value) => value === null).length;
  return { server, tags, writes, claims, untagged };
}

const ROWS = Array.from({ length: 23 }, (_, i) =>
  copy(
    `r${String(i).padStart(3, '0')}`,
    i % 2 ? 'Tired of back pain? Free shipping today only.' : 'Kostenloser Versand, nur heute!',
  ),
);

/** Resolves once `check` holds, looking after every macrotask (no fixed sleep). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('tagBackfill', () => {
  it('tags every untagged row a page at a time, each with the tags of its copy, then rests', async () => {
    const memory = memoryServer(ROWS);
    const stop = new AbortController();
    const backfill = tagBackfill({
      server: memory.server,
      busy: () => false,
      recheckMs: 60_000,
      pageSize: 5,
      log: () => undefined,
      signal: stop.signal,
    });
    await until(() => memory.untagged() === 0 && memory.claims.at(-1) === '' && memory.claims.length > 6);
    for (const row of ROWS) expect(memory.tags.get(row.id)).toEqual(rowTags(row));
    expect(backfill.stored).toBe(ROWS.length);
    // five pages, the empty page that ends the pass, and one look from the start that finds none
    expect(memory.claims).toEqual(['', 'r004', 'r009', 'r014', 'r019', 'r022', '']);
    backfill.poke();
    await new Promise((resolve) => setImmediate(resolve));
    expect(memory.claims).toHaveLength(7);
    stop.abort();
    await backfill.done;
  });

  it('asks for nothing while the worker is busy, and starts when it is idle again', async () => {
    const memory = memoryServer(ROWS);
    const stop = new AbortController();
    let busy = true;
    let checks = 0;
    const backfill = tagBackfill({
      server: memory.server,
      busy: () => {
        checks++;
        return busy;
      },
      recheckMs: 60_000,
      log: () => undefined,
      signal: stop.signal,
    });
    await until(() => checks > 0);
    expect(memory.claims).toEqual([]);
    busy = false;
    backfill.poke();
    await until(() => memory.untagged() === 0);
    stop.abort();
    await backfill.done;
  });

  it('goes on after a failed request, and logs it', async () => {
    const memory = memoryServer(ROWS);
    memory.server.failNext = 1;
    const stop = new AbortController();
    const logs: string[] = [];
    const backfill = tagBackfill({
      server: memory.server,
      busy: () => false,
      recheckMs: 1,
      log: (line) => logs.push(line),
      signal: stop.signal,
    });
    await until(() => memory.untagged() === 0);
    expect(logs.some((line) => line.includes('HTTP 503'))).toBe(true);
    stop.abort();
    await backfill.done;
  });

  it('two workers at once tag every row exactly once, with the same tags', async () => {
    const memory = memoryServer(ROWS);
    const stop = new AbortController();
    const options = {
      server: memory.server,
      busy: () => false,
      recheckMs: 60_000,
      pageSize: 4,
      log: () => undefined,
      signal: stop.signal,
    };
    const first = tagBackfill(options);
    const second = tagBackfill(options);
    await until(() => memory.untagged() === 0);
    expect(first.stored + second.stored).toBe(ROWS.length);
    expect([...memory.writes.values()].every((count) => count === 1)).toBe(true);
    for (const row of ROWS) expect(memory.tags.get(row.id)).toEqual(rowTags(row));
    stop.abort();
    await Promise.all([first.done, second.done]);
  });

  it('stops at once when the worker stops, even while resting', async () => {
    const memory = memoryServer([]);
    const stop = new AbortController();
    const backfill = tagBackfill({
      server: memory.server,
      busy: () => false,
      recheckMs: 60_000,
      log: () => undefined,
      signal: stop.signal,
    });
    await until(() => memory.claims.length === 1);
    stop.abort();
    await backfill.done;
  });
});
