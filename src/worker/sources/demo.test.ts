import { describe, expect, it } from 'vitest';
import { buildDemoCatalogue } from '../../demo-library/library.ts';
import type { Sleep } from '../net/http.ts';
import { DEMO_PAGE_SIZE, createDemoSource } from './demo.ts';
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
