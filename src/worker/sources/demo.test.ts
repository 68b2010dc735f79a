import { describe, expect, it } from 'vitest';
import { buildDemoCatalogue } from '../../demo-library/library.ts';
import type { Sleep } from '../net/http.ts';
import { toPbDate } from '../../domain/text/format.ts';
import { DEMO_LOOKUP_MAX_IDS, DEMO_PAGE_SIZE, createDemoSource } from './demo.ts';
import { collectPages, sourceQuery } from '../../../tests/fixtures/source-query.ts';
import type { SourcePage, SourceQuery } from './types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- raw items are untyped JSON */
type Raw = Record<string, any>;
const catalogue = (q: SourceQuery, now: number) => buildDemoCatalogue(q, now) as Raw[];
const ids = (items: Raw[]) => items.map((ad) => ad.ad_archive_id as string);

const NOW = Date.UTC(2026, 10, 22, 14, 30);

function demo(options: { now?: number; paceMs?: number; sleep?: Sleep } = {}) {
  return createDemoSource({
    paceMs: options.paceMs ?? 0,
    now: () => options.now ?? NOW,
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
}

describe('demo source', () => {
  it("pages through the demo Library's catalogue for the query, in its order, up to the limit", async () => {
    const q = sourceQuery({ limit: 1000 });
    const pages = await collectPages(demo().pages(q, { signal: new AbortController().signal }));
    expect(pages.every((p) => p.items.length === DEMO_PAGE_SIZE)).toBe(true);
    expect(ids(pages.flatMap((p) => p.items as Raw[]))).toEqual(ids(catalogue(q, NOW).slice(0, 1000)));
  });

  it('respects the limit and paces each page through the injected sleep', async () => {
    const delays: number[] = [];
    const sleep: Sleep = async (ms) => {
      delays.push(ms);
    };
    const pages = await collectPages(
      demo({ paceMs: 1000, sleep }).pages(sourceQuery({ limit: 37 }), {
        signal: new AbortController().signal,
      }),
    );
    expect(pages.map((p) => p.items.length)).toEqual([25, 12]);
    expect(delays).toEqual([1000, 1000]);
    expect(pages.map((p) => p.cursor)).toEqual(['25', '37']);
  });

  it("tells on every page how many ads the catalogue holds for the query (the run's coverage)", async () => {
    const q = sourceQuery({ limit: 60 });
    const pages = await collectPages(demo().pages(q, { signal: new AbortController().signal }));
    const held = catalogue(q, NOW).length;
    expect(held).toBeGreaterThan(60);
    expect(pages.map((p) => p.libraryTotal)).toEqual(pages.map(() => held));
  });

  it('continues after a cursor', async () => {
    const all = ids(catalogue(sourceQuery({ limit: 75 }), NOW));
    const pages = await collectPages(
      demo().pages(sourceQuery({ limit: 25 }), { signal: new AbortController().signal, cursor: '50' }),
    );
    expect(ids(pages.flatMap((p) => p.items as Raw[]))).toEqual(all.slice(50, 75));
  });

  it('stops when aborted, also during the pause between pages', async () => {
    const controller = new AbortController();
    const source = demo({ paceMs: 60_000 }); // the real sleep: only the abort can end it early
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('lease lost')), 20);
    await expect(collectPages(source.pages(sourceQuery(), { signal: controller.signal }))).rejects.toThrow(
      'lease lost',
    );
    expect(Date.now() - started).toBeLessThan(5_000);

    const second = new AbortController();
    const seen: SourcePage[] = [];
    await expect(
      (async () => {
        for await (const page of demo().pages(sourceQuery({ limit: 500 }), { signal: second.signal })) {
          seen.push(page);
          if (seen.length === 2) second.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(seen).toHaveLength(2);
  });
});

describe('demo source look-up by id', () => {
  const activeOnly = sourceQuery({ activeStatus: 'active' });
  const everyStatus = (now: number) => catalogue(sourceQuery({ activeStatus: 'all' }), now);

  it("answers for the query's ads as its catalogue reports them, stopped ones too, whatever the link's filters", async () => {
    const all = everyStatus(NOW);
    const stopped = all.filter((ad) => ad.is_active === false).slice(0, 3);
    const running = all.filter((ad) => ad.is_active === true).slice(0, 3);
    const asked = [...stopped, ...running].map((ad) => String(ad.ad_archive_id));
    const source = demo();
    expect(source.lookup?.maxIds).toBe(DEMO_LOOKUP_MAX_IDS);
    const answers = await source.lookup!.ads(activeOnly, asked, { signal: new AbortController().signal });
    expect(answers.map((a) => a.adId)).toEqual(asked);
    for (const [i, answer] of answers.entries()) {
      const ad = [...stopped, ...running][i]!;
      expect(answer.active).toBe(ad.is_active);
      expect(answer.endDate).toBe(ad.is_active ? '' : toPbDate(Number(ad.end_date) * 1000));
    }
    expect(answers.filter((a) => !a.active).every((a) => a.endDate !== '')).toBe(true);
  });

  it("leaves out what it does not know: another query's ad, a made-up id; asks each id once", async () => {
    const other = String(catalogue(sourceQuery({ country: 'DE' }), NOW)[0]!.ad_archive_id);
    const mine = String(everyStatus(NOW)[0]!.ad_archive_id);
    const answers = await demo().lookup!.ads(activeOnly, [other, mine, '999', mine, ''], {
      signal: new AbortController().signal,
    });
    expect(answers.map((a) => a.adId)).toEqual([mine]);
  });

  it('follows the same demo day as the pages, with SCOUT_DEMO_DAY_SECONDS too', async () => {
    const daySeconds = 10;
    const at = NOW + 25_000;
    const source = createDemoSource({ paceMs: 0, now: () => at, daySeconds });
    const all = buildDemoCatalogue(sourceQuery({ activeStatus: 'all' }), at, { daySeconds }) as Raw[];
    const stopped = all.filter((ad) => ad.is_active === false).slice(0, 5);
    expect(stopped).toHaveLength(5);
    const answers = await source.lookup!.ads(
      activeOnly,
      stopped.map((ad) => String(ad.ad_archive_id)),
      { signal: new AbortController().signal },
    );
    expect(answers.map((a) => [a.adId, a.active])).toEqual(
      stopped.map((ad) => [String(ad.ad_archive_id), false]),
    );
  });

  it('refuses more ids than it takes, and stops when aborted, also during its pause', async () => {
    const tooMany = Array.from({ length: DEMO_LOOKUP_MAX_IDS + 1 }, (_, i) => String(i));
    await expect(
      demo().lookup!.ads(activeOnly, tooMany, { signal: new AbortController().signal }),
    ).rejects.toThrow(RangeError);
    const controller = new AbortController();
    const pending = demo({ paceMs: 60_000 }).lookup!.ads(activeOnly, ['1'], { signal: controller.signal });
    controller.abort(new Error('lease lost'));
    await expect(pending).rejects.toThrow('lease lost');
  });
});
