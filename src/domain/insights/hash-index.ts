/**
 * Finds the hashes near a hash without comparing it with all of them (docs/insights.md#speed):
 * multi-index hashing. The 64 bits are cut into 4 chunks of 16; two hashes within 10 bits differ
 * in at most 2 bits in at least one chunk (pigeonhole: 4 chunks of 3 or more would be 12), so
 * the candidates are the entries filed under a chunk value within 2 bits of the query's: 137
 * values per chunk (1 + 16 + 120), each a typed-array read, not a comparison. Only candidates
 * are compared whole. Works for radii up to 11 (4 × 3 − 1); the grouping uses 10.
 */
import { bitDistance } from './hash-bits.ts';
import { grown } from './int-columns.ts';

const CHUNKS = 4;
const CHUNK_VALUES = 1 << 16;
/** The largest radius the 2-bit chunk search covers. */
export const HASH_INDEX_MAX_RADIUS = CHUNKS * 3 - 1;

/** Every 16-bit mask with at most 2 bits set. */
const NEAR_MASKS: Int32Array = (() => {
  const masks = [0];
  for (let i = 0; i < 16; i++) masks.push(1 << i);
  for (let i = 0; i < 16; i++) for (let j = i + 1; j < 16; j++) masks.push((1 << i) | (1 << j));
  return Int32Array.from(masks);
})();

function chunkOf(hi: number, lo: number, chunk: number): number {
  switch (chunk) {
    case 0:
      return hi >>> 16;
    case 1:
      return hi & 0xffff;
    case 2:
      return lo >>> 16;
    default:
      return lo & 0xffff;
  }
}

/**
 * Entries (small integers chosen by the caller) filed by their hash: per chunk value a doubly
 * linked list in typed arrays (node = entry × 4 + chunk), so filing and removing allocate nothing.
 */
export class HashIndex {
  /**
   * Per chunk value, its list's first node + 1 (0: none). Zero for none, so a new index's 1 MB
   * table needs no fill: its pages stay the untouched zero pages the system hands out, except
   * where a hash is filed. Filling it with -1 touched every page, 4 to 10 ms of CPU for each new
   * index, most of an InsightsIndex's cost over a few thousand rows without creatives
   * (docs/benchmarks/reports.md).
   */
  private readonly heads = new Int32Array(CHUNKS * CHUNK_VALUES);
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  /** The query that last saw each entry, so an entry found through two chunks is visited once. */
  private seen = new Int32Array(0);
  private query = 0;

  private grow(entry: number): void {
    if (entry < this.seen.length) return;
    const size = Math.max(entry + 1, this.seen.length * 2, 1024);
    this.seen = grown(this.seen, size);
    this.next = grown(this.next, size * CHUNKS);
    this.prev = grown(this.prev, size * CHUNKS);
  }

  add(entry: number, hi: number, lo: number): void {
    this.grow(entry);
    for (let c = 0; c < CHUNKS; c++) {
      const head = c * CHUNK_VALUES + chunkOf(hi, lo, c);
      const node = entry * CHUNKS + c;
      const first = this.heads[head]! - 1;
      this.next[node] = first;
      this.prev[node] = -1 - head;
      if (first >= 0) this.prev[first] = node;
      this.heads[head] = node + 1;
    }
  }

  remove(entry: number): void {
    for (let c = 0; c < CHUNKS; c++) {
      const node = entry * CHUNKS + c;
      const before = this.prev[node]!;
      const after = this.next[node]!;
      if (before >= 0) this.next[before] = after;
      else this.heads[-1 - before] = after + 1;
      if (after >= 0) this.prev[after] = before;
    }
  }

  /** The entries the last `collect` found, and their distances (the first `collect()` of them). */
  found = new Int32Array(256);
  distances = new Int32Array(256);

  /**
   * Finds every entry within `radius` bits of (hi, lo), in no particular order, into `found` and
   * `distances`, and answers how many; `his[entry]` / `los[entry]` are the entries' hashes. Read
   * them before the next call (the arrays are reused, so a query allocates nothing).
   */
  collect(hi: number, lo: number, radius: number, his: ArrayLike<number>, los: ArrayLike<number>): number {
    if (radius > HASH_INDEX_MAX_RADIUS) throw new Error(`radius ${radius} is past ${HASH_INDEX_MAX_RADIUS}`);
    const query = ++this.query;
    const { heads, next, seen } = this;
    let count = 0;
    for (let c = 0; c < CHUNKS; c++) {
      const value = chunkOf(hi, lo, c);
      const base = c * CHUNK_VALUES;
      for (let m = 0; m < NEAR_MASKS.length; m++) {
        for (let node = heads[base + (value ^ NEAR_MASKS[m]!)]! - 1; node >= 0; node = next[node]!) {
          const entry = node >> 2;
          if (seen[entry] === query) continue;
          seen[entry] = query;
          const distance = bitDistance(hi, lo, his[entry]!, los[entry]!);
          if (distance > radius) continue;
          if (count === this.found.length) {
            this.found = grown(this.found, count + 1);
            this.distances = grown(this.distances, count + 1);
          }
          this.found[count] = entry;
          this.distances[count++] = distance;
        }
      }
    }
    return count;
  }
}
