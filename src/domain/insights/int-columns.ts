/**
 * Typed-array building blocks of the Insights computation (docs/insights.md#speed): columns that
 * grow, groups of small integers kept as linked lists, and strings interned as small integers.
 * 50,000 rows and 38,000 ads held this way make no small objects for the garbage collector.
 */

type Column = Int32Array | Uint32Array | Uint8Array | Float64Array;

/** `array`, or a copy at least `size` long (new cells `fill`). */
export function grown<T extends Column>(array: T, size: number, fill = 0): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(size, array.length * 2, 256));
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}

/**
 * Members in groups (both small integers), each member in at most one group: per group a doubly
 * linked list in typed arrays, so that filing, moving and removing a member allocate nothing.
 * Walk a group with `for (let m = groups.first(g); m >= 0; m = groups.after(m))`.
 */
export class LinkedGroups {
  private head = new Int32Array(0);
  private sizes = new Int32Array(0);
  private next = new Int32Array(0);
  private prev = new Int32Array(0);
  private groupOfMember = new Int32Array(0);

  add(group: number, member: number): void {
    if (group >= this.head.length) {
      this.head = grown(this.head, group + 1, -1);
      this.sizes = grown(this.sizes, group + 1);
    }
    if (member >= this.next.length) {
      this.next = grown(this.next, member + 1, -1);
      this.prev = grown(this.prev, member + 1, -1);
      this.groupOfMember = grown(this.groupOfMember, member + 1, -1);
    }
    if (this.groupOfMember[member]! >= 0) this.remove(member);
    const first = this.head[group]!;
    this.next[member] = first;
    this.prev[member] = -1;
    if (first >= 0) this.prev[first] = member;
    this.head[group] = member;
    this.sizes[group]!++;
    this.groupOfMember[member] = group;
  }

  /** Takes `member` out of its group (nothing when in none). */
  remove(member: number): void {
    const group = member < this.groupOfMember.length ? this.groupOfMember[member]! : -1;
    if (group < 0) return;
    const before = this.prev[member]!;
    const after = this.next[member]!;
    if (before >= 0) this.next[before] = after;
    else this.head[group] = after;
    if (after >= 0) this.prev[after] = before;
    this.groupOfMember[member] = -1;
    this.sizes[group]!--;
  }

  groupOf(member: number): number {
    return member < this.groupOfMember.length ? this.groupOfMember[member]! : -1;
  }

  size(group: number): number {
    return group < this.sizes.length ? this.sizes[group]! : 0;
  }

  first(group: number): number {
    return group < this.head.length ? this.head[group]! : -1;
  }

  after(member: number): number {
    return this.next[member]!;
  }
}

/** Strings as small integers (0, 1, 2, … in order of first sight), and back. */
export class Interned {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  of(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(text, id);
      this.values.push(text);
    }
    return id;
  }

  get(text: string): number | undefined {
    return this.ids.get(text);
  }
}

/**
 * Counts of interned values for one summary at a time (stamped, so nothing is cleared between
 * summaries): the most common value, and the distinct values.
 */
export class Tally {
  private stamp = new Int32Array(0);
  private counts = new Int32Array(0);
  private readonly seen: number[] = [];
  private generation = 0;

  /** Starts a new tally. */
  reset(): void {
    this.generation++;
    this.seen.length = 0;
  }

  add(id: number): void {
    if (id >= this.stamp.length) {
      this.stamp = grown(this.stamp, id + 1);
      this.counts = grown(this.counts, id + 1);
    }
    if (this.stamp[id] !== this.generation) {
      this.stamp[id] = this.generation;
      this.counts[id] = 0;
      this.seen.push(id);
    }
    this.counts[id]!++;
  }

  /** The most frequent non-empty value ('' when none); the first in text order on a tie. */
  mostCommon(values: readonly string[]): string {
    const id = this.mostCommonId(values);
    return id < 0 ? '' : values[id]!;
  }

  /** The id of mostCommon; -1 when none. */
  mostCommonId(values: readonly string[]): number {
    let best = -1;
    let bestCount = 0;
    for (const id of this.seen) {
      const value = values[id]!;
      const count = this.counts[id]!;
      if (value && (count > bestCount || (count === bestCount && value < values[best]!))) {
        best = id;
        bestCount = count;
      }
    }
    return best;
  }

  /** The distinct non-empty values, sorted. */
  distinct(values: readonly string[]): string[] {
    let count = 0;
    for (const id of this.seen) if (values[id]) count++;
    const out = new Array<string>(count);
    let at = 0;
    for (const id of this.seen) if (values[id]) out[at++] = values[id];
    return count > 1 ? out.sort() : out;
  }
}

/**
 * Strings for one "most common" at a time, compared as text: the groups are small (a store has
 * one or two ads, a product a few), where counting by equality beats hashing each string.
 */
export class StringTally {
  private readonly values: string[] = [];

  reset(): void {
    this.values.length = 0;
  }

  add(value: string): void {
    if (value) this.values.push(value);
  }

  /** The most frequent value ('' when none); the first in text order on a tie. */
  mostCommon(): string {
    const values = this.values;
    if (values.length <= 1) return values[0] ?? '';
    if (values.length > 32) {
      const counts = new Map<string, number>();
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
      return best(counts);
    }
    let winner = '';
    let winnerCount = 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      let count = 0;
      for (let j = 0; j < values.length; j++) if (values[j] === value) count++;
      if (count > winnerCount || (count === winnerCount && value < winner)) {
        winner = value;
        winnerCount = count;
      }
    }
    return winner;
  }
}

function best(counts: Map<string, number>): string {
  let winner = '';
  let winnerCount = 0;
  for (const [value, count] of counts) {
    if (count > winnerCount || (count === winnerCount && value < winner)) {
      winner = value;
      winnerCount = count;
    }
  }
  return winner;
}

/** Numbers for one median at a time, in a reused typed array. */
export class MedianBuffer {
  private values = new Float64Array(64);
  private length = 0;

  reset(): void {
    this.length = 0;
  }

  push(value: number): void {
    if (this.length === this.values.length) this.values = grown(this.values, this.length + 1);
    this.values[this.length++] = value;
  }

  /** The median of the values pushed since reset; null when none. */
  median(): number | null {
    const n = this.length;
    if (n === 0) return null;
    if (n === 1) return this.values[0]!;
    const sorted = this.values.subarray(0, n).sort();
    const mid = n >> 1;
    return n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
}

/** Marks (one byte per item) and the list of the items marked: what a refresh summarizes again. */
export class MarkedSet {
  private marks = new Uint8Array(0);
  items: number[] = [];

  mark(item: number): void {
    if (item < 0) return;
    if (item >= this.marks.length) this.marks = grown(this.marks, item + 1);
    if (this.marks[item]) return;
    this.marks[item] = 1;
    this.items.push(item);
  }

  take(): number[] {
    const items = this.items;
    this.items = [];
    for (const item of items) this.marks[item] = 0;
    return items;
  }
}
