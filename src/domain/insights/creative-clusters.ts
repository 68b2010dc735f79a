/**
 * Look-alike creatives in groups (docs/insights.md#how-ads-become-products): leader clustering
 * in a canonical order. The creatives are taken in the order of their hash (then id); each joins
 * the nearest representative within `radius` bits that comes before it (the earliest on a tie),
 * or becomes a representative itself. A member is within `radius` of its representative, so no
 * group holds two creatives more than 2 × radius apart, and no creative joins another through a
 * third (no chains). The groups depend only on the set of creatives, not on the order they come in.
 *
 * Updates give the same groups as a computation from nothing, without one: a creative added (or
 * removed) can only change the creatives after it in the order, and only through a
 * representative that appears or goes away; those are taken again, in order, from a queue.
 *
 * Creatives live in slots (small integers): `update` takes ids and chooses the slots; the
 * Insights index chooses them itself (`stage`, `unstage`, `apply`) so that it shares its own
 * creative numbers with the clusters. One instance uses one of the two ways. Hashes, groups and
 * the queue are typed arrays and linked lists (int-columns.ts): no object per creative.
 */
import { hashBits } from './hash-bits.ts';
import { HashIndex } from './hash-index.ts';
import { grown, LinkedGroups } from './int-columns.ts';
import type { InsightCreative } from './insight-types.ts';

const ABSENT = -3;
const REMOVED = -2;
const UNASSIGNED = -1;

export class CreativeClusters {
  /** For `update`: creative id → slot. */
  private readonly slotOf = new Map<string, number>();
  private readonly ids: string[] = [];
  private his = new Uint32Array(0);
  private los = new Uint32Array(0);
  /** Each slot's representative slot (itself for a representative), or UNASSIGNED / REMOVED / ABSENT. */
  private rep = new Int32Array(0);
  private readonly members = new LinkedGroups();
  private readonly reps = new HashIndex();
  private readonly all = new HashIndex();
  private readonly queue = new SlotQueue((a, b) => this.compare(a, b));
  private readonly staged: number[] = [];
  private readonly unstaged: number[] = [];
  private changed: number[] = [];
  private changedMark = new Int32Array(0);
  private generation = 0;
  private count = 0;

  constructor(private readonly radius: number) {}

  get size(): number {
    return this.count;
  }

  /** The id of the representative of creative `id`'s group; undefined when it is not here. */
  representativeOf(id: string): string | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.ids[this.rep[slot]!];
  }

  /** The representative slot of `slot` (after `apply`); negative when it is not here. */
  representativeSlot(slot: number): number {
    return slot < this.rep.length ? this.rep[slot]! : ABSENT;
  }

  /** Every group: representative id → member ids (the representative first). */
  groups(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (this.rep[slot] !== slot) continue;
      const ids = [this.ids[slot]!];
      for (let m = this.members.first(slot); m >= 0; m = this.members.after(m))
        if (m !== slot) ids.push(this.ids[m]!);
      out.set(this.ids[slot]!, ids);
    }
    return out;
  }

  /**
   * Adds creatives (those already here, or without a valid hash, are skipped) and removes
   * others by id; answers the ids whose representative changed, the added and removed included.
   */
  update(added: readonly InsightCreative[], removed: readonly string[] = []): Set<string> {
    for (const id of removed) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      this.slotOf.delete(id);
      this.unstage(slot);
    }
    for (const creative of added) {
      if (this.slotOf.has(creative.id)) continue;
      const bits = hashBits(creative.phash);
      if (!bits) continue;
      const slot = this.ids.length;
      this.slotOf.set(creative.id, slot);
      this.stage(slot, creative.id, bits.hi, bits.lo);
    }
    return new Set(this.apply().map((slot) => this.ids[slot]!));
  }

  /** Adds the creative `id` with hash (hi, lo) at `slot` at the next `apply` (a slot not here). */
  stage(slot: number, id: string, hi: number, lo: number): void {
    if (slot >= this.rep.length) {
      const size = slot + 1;
      this.his = grown(this.his, size);
      this.los = grown(this.los, size);
      this.rep = grown(this.rep, size, ABSENT);
      this.changedMark = grown(this.changedMark, size);
    }
    while (this.ids.length <= slot) this.ids.push('');
    this.ids[slot] = id;
    this.his[slot] = hi;
    this.los[slot] = lo;
    this.rep[slot] = UNASSIGNED;
    this.staged.push(slot);
  }

  /** Removes the creative at `slot` at the next `apply`. */
  unstage(slot: number): void {
    this.unstaged.push(slot);
  }

  /** Applies what was staged; answers the slots whose representative changed (each once). */
  apply(): number[] {
    this.changed = [];
    this.generation++;
    const fresh = this.count === 0 && this.unstaged.length === 0;
    for (const slot of this.unstaged) this.remove(slot);
    this.unstaged.length = 0;
    const newSlots = this.staged.slice();
    this.staged.length = 0;
    this.count += newSlots.length;
    this.queue.reserve(this.rep.length);
    if (fresh) {
      // From nothing: every creative after the one taken is still unassigned, so a new
      // representative has nobody to take again; the sorted list is the whole queue.
      newSlots.sort((a, b) => this.compare(a, b));
      for (const slot of newSlots) this.assign(slot, false);
      for (const slot of newSlots) this.all.add(slot, this.his[slot]!, this.los[slot]!);
    } else {
      for (const slot of newSlots) {
        this.all.add(slot, this.his[slot]!, this.los[slot]!);
        this.queue.push(slot);
      }
      for (let slot = this.queue.pop(); slot >= 0; slot = this.queue.pop()) this.assign(slot, true);
    }
    return this.changed;
  }

  private markChanged(slot: number): void {
    if (this.changedMark[slot] === this.generation) return;
    this.changedMark[slot] = this.generation;
    this.changed.push(slot);
  }

  private remove(slot: number): void {
    const rep = this.rep[slot]!;
    if (rep === REMOVED || rep === ABSENT) return;
    this.count--;
    if (rep !== UNASSIGNED) this.all.remove(slot);
    if (rep === slot) this.demote(slot);
    else this.members.remove(slot);
    this.rep[slot] = REMOVED;
    this.markChanged(slot);
  }

  /** Hash, then id: the canonical order. */
  private compare(a: number, b: number): number {
    return (
      this.his[a]! - this.his[b]! ||
      this.los[a]! - this.los[b]! ||
      (this.ids[a]! < this.ids[b]! ? -1 : this.ids[a]! > this.ids[b]! ? 1 : 0)
    );
  }

  /** The nearest representative before `slot` in the order, within the radius; -1 for none. */
  private nearestRepresentative(slot: number): number {
    const found = this.reps.collect(this.his[slot]!, this.los[slot]!, this.radius, this.his, this.los);
    const entries = this.reps.found;
    const distances = this.reps.distances;
    let best = -1;
    let bestDistance = Infinity;
    for (let i = 0; i < found; i++) {
      const entry = entries[i]!;
      if (entry === slot || this.compare(entry, slot) > 0) continue;
      const distance = distances[i]!;
      if (distance < bestDistance || (distance === bestDistance && this.compare(entry, best) < 0)) {
        best = entry;
        bestDistance = distance;
      }
    }
    return best;
  }

  private demote(slot: number): void {
    this.reps.remove(slot);
    for (let member = this.members.first(slot); member >= 0;) {
      const after = this.members.after(member);
      this.members.remove(member);
      if (member !== slot) this.queue.push(member);
      member = after;
    }
  }

  private assign(slot: number, cascade: boolean): void {
    if (this.rep[slot] === REMOVED) return;
    const found = this.nearestRepresentative(slot);
    const next = found >= 0 ? found : slot;
    const before = this.rep[slot]!;
    if (before === next) return;
    if (before === slot) this.demote(slot);
    else this.members.remove(slot);
    this.rep[slot] = next;
    this.markChanged(slot);
    this.members.add(next, slot);
    if (next !== slot) return;
    this.reps.add(slot, this.his[slot]!, this.los[slot]!);
    if (!cascade) return;
    // A new representative: the creatives after it within the radius may prefer it now.
    const near = this.all.collect(this.his[slot]!, this.los[slot]!, this.radius, this.his, this.los);
    const entries = this.all.found;
    for (let i = 0; i < near; i++) {
      const entry = entries[i]!;
      if (entry !== slot && this.compare(entry, slot) > 0) this.queue.push(entry);
    }
  }
}

/** A binary heap of slots in the canonical order, each slot at most once. */
class SlotQueue {
  private heap = new Int32Array(256);
  private length = 0;
  private queued = new Uint8Array(0);

  constructor(private readonly compare: (a: number, b: number) => number) {}

  reserve(slots: number): void {
    this.queued = grown(this.queued, slots);
  }

  push(slot: number): void {
    if (this.queued[slot]) return;
    this.queued[slot] = 1;
    if (this.length === this.heap.length) this.heap = grown(this.heap, this.length + 1);
    const heap = this.heap;
    let i = this.length++;
    heap[i] = slot;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(heap[i]!, heap[parent]!) >= 0) break;
      const swap = heap[i]!;
      heap[i] = heap[parent]!;
      heap[parent] = swap;
      i = parent;
    }
  }

  /** The first slot in the order, taken out; -1 when empty. */
  pop(): number {
    if (this.length === 0) return -1;
    const heap = this.heap;
    const top = heap[0]!;
    const last = heap[--this.length]!;
    if (this.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < this.length && this.compare(heap[left]!, heap[least]!) < 0) least = left;
        if (right < this.length && this.compare(heap[right]!, heap[least]!) < 0) least = right;
        if (least === i) break;
        const swap = heap[i]!;
        heap[i] = heap[least]!;
        heap[least] = swap;
        i = least;
      }
    }
    this.queued[top] = 0;
    return top;
  }
}
