import { describe, expect, it } from 'vitest';
import type { SyncCursor } from '../local-db.ts';
import { PAGES_AHEAD, pullPages } from './pull.ts';

const record = (n: number) => ({ id: `id${String(n).padStart(3, '0')}`, updated: `2026-05-01 ${n}` });

/** A server holding `total` records in (updated, id) order, paged after a cursor. */
function server(total: number, pageSize: number) {
  const records = Array.from({ length: total }, (_, i) => record(i));
  const asked: SyncCursor[] = [];
  return {
    asked,
    source: {
      pageSize,
      async fetchPage(cursor: SyncCursor) {
        asked.push(cursor);
        const after = records.filter(
          (r) => r.updated > cursor.updated || (r.updated === cursor.updated && r.id > cursor.id),
        );
        return after.slice(0, pageSize);
      },
    },
  };
}

describe('pullPages', () => {
  it('writes every page in order with the cursor of its last record, and stops after a short page', async () => {
    const { asked, source } = server(7, 3);
    const written: Array<{ ids: string[]; cursor: SyncCursor }> = [];
    await pullPages(
      source,
      { updated: '', id: '' },
      async (items, cursor) => void written.push({ ids: items.map((r) => r.id), cursor }),
      () => false,
    );
    expect(written).toEqual([
      { ids: ['id000', 'id001', 'id002'], cursor: { updated: record(2).updated, id: 'id002' } },
      { ids: ['id003', 'id004', 'id005'], cursor: { updated: record(5).updated, id: 'id005' } },
      { ids: ['id006'], cursor: { updated: record(6).updated, id: 'id006' } },
    ]);
    expect(asked).toHaveLength(3);
  });

  it('resumes from a stored cursor, and asks once more after a full last page', async () => {
    const { asked, source } = server(6, 3);
    const ids: string[] = [];
    await pullPages(
      source,
      { updated: record(2).updated, id: 'id002' },
      async (items) => void ids.push(...items.map((r) => r.id)),
      () => false,
    );
    expect(ids).toEqual(['id003', 'id004', 'id005']);
    expect(asked.map((cursor) => cursor.id)).toEqual(['id002', 'id005']);
  });

  it('writes nothing more once stopped, not even the page in flight', async () => {
    const { source } = server(9, 3);
    let stopped = false;
    const ids: string[] = [];
    await pullPages(
      {
        ...source,
        async fetchPage(cursor) {
          const page = await source.fetchPage(cursor);
          if (cursor.id === 'id002') stopped = true;
          return page;
        },
      },
      { updated: '', id: '' },
      async (items) => void ids.push(...items.map((r) => r.id)),
      () => stopped,
    );
    expect(ids).toEqual(['id000', 'id001', 'id002']);
  });
});

describe('pullPages pipelining', () => {
  /** Lets every promise chain that does not wait on a gate run to its end. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('fetches ahead of a slow write, up to PAGES_AHEAD pages, and a write takes every page waiting', async () => {
    const { asked, source } = server(10, 2);
    const written: Array<{ ids: string[]; cursor: SyncCursor }> = [];
    let release!: () => void;
    const firstWriteHeld = new Promise<void>((resolve) => (release = resolve));
    const pull = pullPages(
      source,
      { updated: '', id: '' },
      async (items, cursor) => {
        if (written.length === 0) await firstWriteHeld;
        written.push({ ids: items.map((r) => r.id), cursor });
      },
      () => false,
    );
    await settle();
    // the first page is being written; the next PAGES_AHEAD were fetched meanwhile, and no more
    expect(PAGES_AHEAD).toBe(2);
    expect(asked.map((cursor) => cursor.id)).toEqual(['', 'id001', 'id003']);
    expect(written).toEqual([]);
    release();
    await pull;
    expect(written).toEqual([
      { ids: ['id000', 'id001'], cursor: { updated: record(1).updated, id: 'id001' } },
      // the two pages that waited, in one write with the cursor of the second
      { ids: ['id002', 'id003', 'id004', 'id005'], cursor: { updated: record(5).updated, id: 'id005' } },
      { ids: ['id006', 'id007'], cursor: { updated: record(7).updated, id: 'id007' } },
      { ids: ['id008', 'id009'], cursor: { updated: record(9).updated, id: 'id009' } },
    ]);
    // after the last full page, one more ask finds nothing
    expect(asked.at(-1)?.id).toBe('id009');
  });

  it('asks for the next page without waiting for the write of the one before', async () => {
    const { asked, source } = server(7, 3);
    let release!: () => void;
    const writesHeld = new Promise<void>((resolve) => (release = resolve));
    const ids: string[] = [];
    const pull = pullPages(
      source,
      { updated: '', id: '' },
      async (items) => {
        await writesHeld;
        ids.push(...items.map((r) => r.id));
      },
      () => false,
    );
    await settle();
    // the short third page ends the fetches while the first write still waits
    expect(asked.map((cursor) => cursor.id)).toEqual(['', 'id002', 'id005']);
    release();
    await pull;
    expect(ids).toEqual(['id000', 'id001', 'id002', 'id003', 'id004', 'id005', 'id006']);
  });

  it('writes the pages fetched before a failed fetch, then fails with its error', async () => {
    const { asked, source } = server(9, 3);
    const written: SyncCursor[] = [];
    let release!: () => void;
    const firstWriteHeld = new Promise<void>((resolve) => (release = resolve));
    const pull = pullPages(
      {
        ...source,
        async fetchPage(cursor: SyncCursor) {
          if (cursor.id === 'id005') {
            asked.push(cursor);
            throw new Error('offline');
          }
          return source.fetchPage(cursor);
        },
      },
      { updated: '', id: '' },
      async (_items, cursor) => {
        if (written.length === 0) await firstWriteHeld;
        written.push(cursor);
      },
      () => false,
    );
    const failed = expect(pull).rejects.toThrow('offline');
    await settle();
    // the third fetch failed while the second page waited for the first write
    expect(asked.map((cursor) => cursor.id)).toEqual(['', 'id002', 'id005']);
    release();
    await failed;
    expect(written).toEqual([
      { updated: record(2).updated, id: 'id002' },
      { updated: record(5).updated, id: 'id005' },
    ]);
  });

  it('stops on a failed write, and the fetch in flight does not surface as an unhandled rejection', async () => {
    const { source } = server(9, 3);
    const failing = {
      ...source,
      async fetchPage(cursor: SyncCursor) {
        if (cursor.id === 'id002') throw new Error('offline');
        return source.fetchPage(cursor);
      },
    };
    await expect(
      pullPages(
        failing,
        { updated: '', id: '' },
        async () => {
          throw new Error('quota exceeded');
        },
        () => false,
      ),
    ).rejects.toThrow('quota exceeded');
    // a fetch error is the pull's error when it is awaited
    await expect(
      pullPages(
        failing,
        { updated: '', id: '' },
        async () => undefined,
        () => false,
      ),
    ).rejects.toThrow('offline');
  });
});
