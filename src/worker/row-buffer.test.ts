import { describe, expect, it } from 'vitest';
import { createRowBuffer, FLUSH_MS, FLUSH_ROWS, type Row, type RowBufferOptions } from './row-buffer.ts';

/** A buffer over a server double that stores rows by ad_id up to the requested count, on a hand-set clock. */
function bufferOf(options: Partial<RowBufferOptions> = {}) {
  const writes: { rows: string[]; libraryTotal: number | undefined }[] = [];
  const stored = new Set<string>();
  const clock = { now: 0 };
  const requested = options.requested ?? 1000;
  const buffer = createRowBuffer({
    requested,
    stored: 0,
    now: () => clock.now,
    async write(rows, libraryTotal) {
      writes.push({ rows: rows.map((row) => String(row.ad_id)), libraryTotal });
      for (const row of rows) if (stored.size < requested) stored.add(String(row.ad_id));
      return { stored: stored.size, full: stored.size >= requested };
    },
    ...options,
  });
  return { buffer, writes, clock };
}

const ad = (id: string | number): Row & { ad_id: string } => ({ ad_id: String(id) });

describe('createRowBuffer', () => {
  it('drops an ad already waiting, until the write that takes it', async () => {
    const { buffer, writes } = bufferOf();
    expect(buffer.add(ad('a'))).toBe(true);
    expect(buffer.add(ad('a'))).toBe(false);
    await buffer.flush(undefined);
    expect(buffer.add(ad('a'))).toBe(true); // a later batch: the server drops it (idempotent on run, ad_id)
    await buffer.flush(undefined);
    expect(writes.map((write) => write.rows)).toEqual([['a'], ['a']]);
  });

  it(`is due at ${FLUSH_ROWS} rows`, () => {
    const { buffer } = bufferOf();
    for (let i = 1; i < FLUSH_ROWS; i++) buffer.add(ad(i));
    expect(buffer.due()).toBe(false);
    buffer.add(ad(FLUSH_ROWS));
    expect(buffer.due()).toBe(true);
  });

  it('is due as soon as the buffer could fill the run', () => {
    const { buffer } = bufferOf({ requested: 5, stored: 2 });
    buffer.add(ad('a'));
    buffer.add(ad('b'));
    expect(buffer.due()).toBe(false);
    buffer.add(ad('c'));
    expect(buffer.due()).toBe(true);
  });

  it(`is due ${FLUSH_MS} ms after the last write, rows or not, and a write starts the wait over`, async () => {
    const { buffer, clock } = bufferOf();
    clock.now = FLUSH_MS - 1;
    expect(buffer.due()).toBe(false);
    clock.now = FLUSH_MS;
    expect(buffer.due()).toBe(true);
    await buffer.flush(undefined);
    expect(buffer.due()).toBe(false);
    clock.now = 2 * FLUSH_MS;
    expect(buffer.due()).toBe(true);
  });

  it("keeps the server's answer: the rows stored, and done once the run is full", async () => {
    const { buffer } = bufferOf({ requested: 3 });
    expect([buffer.stored, buffer.done]).toEqual([0, false]);
    buffer.add(ad('a'));
    buffer.add(ad('b'));
    await buffer.flush(undefined);
    expect([buffer.stored, buffer.done]).toEqual([2, false]);
    for (const id of ['c', 'd']) buffer.add(ad(id));
    await buffer.flush(undefined);
    expect([buffer.stored, buffer.done]).toEqual([3, true]);
  });

  it('is done when the server says the run is full, whatever the count', async () => {
    const { buffer } = bufferOf({ write: async () => ({ stored: 1, full: true }) });
    buffer.add(ad('a'));
    await buffer.flush(undefined);
    expect(buffer.done).toBe(true);
    expect(bufferOf({ requested: 5, stored: 5 }).buffer.done).toBe(true); // resumed, already full
  });

  it('writes without rows only for a Library total it has not sent', async () => {
    const { buffer, writes } = bufferOf();
    await buffer.flush(undefined);
    expect(writes).toEqual([]);
    await buffer.flush(40);
    await buffer.flush(40);
    buffer.add(ad('a'));
    await buffer.flush(40);
    await buffer.flush(940);
    expect(writes).toEqual([
      { rows: [], libraryTotal: 40 },
      { rows: ['a'], libraryTotal: 40 },
      { rows: [], libraryTotal: 940 },
    ]);
  });

  it('loses the rows of a failed write, and sends its Library total again with the next', async () => {
    let fail = true;
    const sent: (number | undefined)[] = [];
    const { buffer } = bufferOf({
      async write(rows, libraryTotal) {
        sent.push(libraryTotal);
        if (fail) throw new Error('HTTP 500');
        return { stored: rows.length, full: false };
      },
    });
    buffer.add(ad('a'));
    await expect(buffer.flush(40)).rejects.toThrow('HTTP 500');
    fail = false;
    await buffer.flush(40);
    expect(sent).toEqual([40, 40]);
    expect(buffer.stored).toBe(0);
  });
});
