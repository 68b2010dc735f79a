import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../domain/index.ts';
import { RowReads, type RowSource } from './row-reads.ts';

const row = (id: string) => ({ id, run: 'r1' }) as SearchResult;

/** A source whose reads resolve when the test says, with what the page's reads asked of it. */
function controlledSource() {
  const calls: string[] = [];
  const listeners = new Set<(rows: SearchResult[]) => void>();
  let answerAll: (rows: SearchResult[]) => void = () => undefined;
  const source: RowSource = {
    newest: async () => {
      calls.push('newest');
      return [row('n1')];
    },
    all: () => {
      calls.push('all');
      return new Promise((resolve) => (answerAll = resolve));
    },
    onStored: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markLoaded: (rows) => calls.push(`loaded ${rows}`),
  };
  return {
    source,
    calls,
    store: (rows: SearchResult[]) => listeners.forEach((listener) => listener(rows)),
    listening: () => listeners.size,
    answerAll: (rows: SearchResult[]) => answerAll(rows),
  };
}

describe('RowReads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the first full read only once the grid says its first rows are on screen', async () => {
    const source = controlledSource();
    const reads = new RowReads(source.source);
    const read = reads.read(true);
    expect(await read.newest).toEqual([row('n1')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(source.calls).toEqual(['newest']);

    reads.firstRowsOnScreen();
    await vi.advanceTimersByTimeAsync(0);
    expect(source.calls).toEqual(['newest', 'all']);
    source.answerAll([row('a'), row('b')]);
    expect(await read.all).toHaveLength(2);
    expect(source.calls).toEqual(['newest', 'all', 'loaded 2']);
  });

  it('starts it all the same after the longest wait when the grid never says so', async () => {
    const source = controlledSource();
    const reads = new RowReads(source.source, { firstRowsWaitMs: 1000, earlyReadTtlMs: 10_000 });
    void reads.read(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(source.calls).toEqual(['newest']);
    await vi.advanceTimersByTimeAsync(1);
    expect(source.calls).toEqual(['newest', 'all']);
  });

  it('does not wait on a later read: its rows are on screen already', async () => {
    const source = controlledSource();
    void new RowReads(source.source).read(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(source.calls).toEqual(['newest', 'all']);
  });

  it('hands the early read to its user once, with the rows stored meanwhile, and to nobody else', async () => {
    const source = controlledSource();
    const reads = new RowReads(source.source);
    reads.startEarly('u1');
    expect(reads.earlyNewestRows('u1')).toBeNull(); // not in yet
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.earlyNewestRows('u1')).toEqual([row('n1')]);
    expect(reads.earlyNewestRows('u2')).toBeNull();
    source.store([row('s1')]);

    const taken = reads.takeEarly('u1');
    expect(taken?.arrived).toEqual([row('s1')]);
    expect(source.listening()).toBe(0);
    expect(reads.takeEarly('u1')).toBeNull();

    reads.startEarly('u1');
    expect(reads.takeEarly('u2')).toBeNull(); // another user's read is dropped
    expect(reads.takeEarly('u1')).toBeNull();
  });

  it('drops an early read nobody took in time', async () => {
    const source = controlledSource();
    const reads = new RowReads(source.source, { firstRowsWaitMs: 1000, earlyReadTtlMs: 10_000 });
    reads.startEarly('u1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source.listening()).toBe(0);
    expect(reads.takeEarly('u1')).toBeNull();
  });

  it('keeps one reader’s wait from another’s: each page owns its reads', async () => {
    const one = controlledSource();
    const two = controlledSource();
    const first = new RowReads(one.source);
    void first.read(true);
    void new RowReads(two.source).read(true);
    await vi.advanceTimersByTimeAsync(0);
    first.firstRowsOnScreen();
    await vi.advanceTimersByTimeAsync(0);
    expect(one.calls).toEqual(['newest', 'all']);
    expect(two.calls).toEqual(['newest']);
  });
});
