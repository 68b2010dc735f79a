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
