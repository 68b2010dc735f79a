import { describe, expect, it } from 'vitest';
import type { SyncCursor } from '../local-db.ts';
import { pullPages } from './pull.ts';

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
  it('fetches the next page while the current one is written, and writes in order', async () => {
    const { source } = server(7, 3);
    const events: string[] = [];
    await pullPages(
      {
        ...source,
        async fetchPage(cursor) {
          events.push(`fetch after ${cursor.id || 'start'}`);
          return source.fetchPage(cursor);
        },
      },
      { updated: '', id: '' },
      async (items) => {
        events.push(`write ${items[0]!.id} start`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`write ${items[0]!.id} end`);
      },
      () => false,
    );
    expect(events).toEqual([
      'fetch after start',
      'fetch after id002',
      'write id000 start',
      'write id000 end',
      'fetch after id005',
      'write id003 start',
      'write id003 end',
      'write id006 start',
      'write id006 end',
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
