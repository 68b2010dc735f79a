import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../domain/index.ts';
import { createResultFeed } from './result-feed.ts';

const row = (id: string) => ({ id }) as SearchResult;

describe('result feed', () => {
  it('holds rows until the grid connects and shows the latest read', () => {
    const feed = createResultFeed();
    const got: string[][] = [];
    feed.beginRead();
    feed.push([row('a')]);
    const read = [row('x')];
    feed.endRead(read);
    feed.push([row('b')]);
    feed.connect((rows) => got.push(rows.map((r) => r.id)));
    expect(got).toEqual([]);
    feed.applied(read);
    expect(got).toEqual([['a', 'b']]);
    feed.push([row('c')]);
    expect(got).toEqual([['a', 'b'], ['c']]);
  });

  it('holds rows during a re-read and releases them after the grid applied it', () => {
    const feed = createResultFeed();
    const got: string[][] = [];
    const first = [row('x')];
    feed.beginRead();
    feed.endRead(first);
    feed.connect((rows) => got.push(rows.map((r) => r.id)));
    feed.applied(first);
    feed.beginRead();
    feed.push([row('d')]);
    // the grid applying an older read does not release rows that arrived during the new one
    feed.applied(first);
    expect(got).toEqual([]);
    const second = [row('x'), row('d')];
    feed.endRead(second);
    expect(got).toEqual([]);
    feed.applied(second);
    expect(got).toEqual([['d']]);
  });

  it('releases held rows when a read fails, and stops after disconnect', () => {
    const feed = createResultFeed();
    const got: string[][] = [];
    const disconnect = feed.connect((rows) => got.push(rows.map((r) => r.id)));
    feed.beginRead();
    feed.push([row('e')]);
    feed.endRead(null);
    expect(got).toEqual([['e']]);
    disconnect();
    feed.push([row('f')]);
    expect(got).toEqual([['e']]);
    feed.connect((rows) => got.push(rows.map((r) => r.id)));
    expect(got).toEqual([['e'], ['f']]);
  });
});
