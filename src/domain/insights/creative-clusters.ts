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
 */
import { hashBits } from './hash-bits.ts';
import { HashIndex } from './hash-index.ts';
import type { InsightCreative } from './insight-types.ts';

const UNASSIGNED = -1;
const REMOVED = -2;

export class CreativeClusters {
  private readonly slotOf = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly his: number[] = [];
  private readonly los: number[] = [];
  /** Each slot's representative slot (itself for a representative), or UNASSIGNED / REMOVED. */
  private readonly rep: number[] = [];
  private readonly members = new Map<number, Set<number>>();
  private readonly reps = new HashIndex();
  private readonly all = new HashIndex();
  private queue: SlotQueue | null = null;
  private changed = new Set<string>();

  constructor(private readonly radius: number) {}

  get size(): number {
    return this.slotOf.size;
  }

  /** The id of the representative of creative `id`'s group; undefined when it is not here. */
  representativeOf(id: string): string | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.ids[this.rep[slot]!];
  }

  /** Every group: representative id → member ids (the representative first). */
  groups(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const [slot, members] of this.members) {
      out.set(this.ids[slot]!, [
        this.ids[slot]!,
        ...[...members].filter((m) => m !== slot).map((m) => this.ids[m]!),
      ]);
    }
    return out;
  }

  /**
   * Adds creatives (those already here, or without a valid hash, are skipped) and removes
   * others by id; answers the ids whose representative changed, the added and removed included.
   */
  update(added: readonly InsightCreative[], removed: readonly string[] = []): Set<string> {
    this.changed = new Set();
    const fresh = this.slotOf.size === 0 && removed.length === 0;
    const queue = new SlotQueue((a, b) => this.compare(a, b));
    this.queue = queue;
    for (const id of removed) this.remove(id);
    const newSlots: number[] = [];
    for (const creative of added) {
      if (this.slotOf.has(creative.id)) continue;
      const bits = hashBits(creative.phash);
      if (!bits) continue;
      const slot = this.ids.length;
      this.ids.push(creative.id);
      this.his.push(bits.hi);
      this.los.push(bits.lo);
      this.rep.push(UNASSIGNED);
      this.slotOf.set(creative.id, slot);
      newSlots.push(slot);
    }
    if (fresh) {
      // From nothing: every creative after the one taken is still unassigned, so a new
      // representative has nobody to take again; the sorted list is the whole queue.
      newSlots.sort((a, b) => this.compare(a, b));
      for (const slot of newSlots) this.assign(slot, false);
      for (const slot of newSlots) this.all.add(slot, this.his[slot]!, this.los[slot]!);
    } else {
      for (const slot of newSlots) {
        this.all.add(slot, this.his[slot]!, this.los[slot]!);
        queue.push(slot);
      }
      for (let slot = queue.pop(); slot !== undefined; slot = queue.pop()) this.assign(slot, true);
    }
    this.queue = null;
    return this.changed;
  }

  private remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.all.remove(slot);
    const rep = this.rep[slot]!;
    if (rep === slot) this.demote(slot);
    else if (rep >= 0) this.members.get(rep)?.delete(slot);
    this.rep[slot] = REMOVED;
    this.changed.add(id);
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
    let best = -1;
    let bestDistance = Infinity;
    this.reps.near(this.his[slot]!, this.los[slot]!, this.radius, this.his, this.los, (entry, distance) => {
      if (entry === slot || this.compare(entry, slot) > 0) return;
      if (distance < bestDistance || (distance === bestDistance && this.compare(entry, best) < 0)) {
        best = entry;
        bestDistance = distance;
      }
    });
    return best;
  }

  private demote(slot: number): void {
    this.reps.remove(slot);
    for (const member of this.members.get(slot) ?? []) if (member !== slot) this.queue!.push(member);
    this.members.delete(slot);
  }

  private assign(slot: number, cascade: boolean): void {
    if (this.rep[slot] === REMOVED) return;
    const found = this.nearestRepresentative(slot);
    const next = found >= 0 ? found : slot;
    const before = this.rep[slot]!;
    if (before === next) return;
    if (before === slot) this.demote(slot);
    else if (before >= 0) this.members.get(before)?.delete(slot);
    this.rep[slot] = next;
    this.changed.add(this.ids[slot]!);
    if (next !== slot) {
      this.members.get(next)!.add(slot);
      return;
    }
    this.reps.add(slot, this.his[slot]!, this.los[slot]!);
    this.members.set(slot, new Set([slot]));
    if (!cascade) return;
    // A new representative: the creatives after it within the radius may prefer it now.
    this.all.near(this.his[slot]!, this.los[slot]!, this.radius, this.his, this.los, (entry) => {
      if (entry !== slot && this.compare(entry, slot) > 0) this.queue!.push(entry);
    });
  }
}

/** A binary heap of slots in the canonical order, each slot at most once. */
class SlotQueue {
  private readonly heap: number[] = [];
  private readonly queued = new Set<number>();

  constructor(private readonly compare: (a: number, b: number) => number) {}

  push(slot: number): void {
    if (this.queued.has(slot)) return;
    this.queued.add(slot);
    const heap = this.heap;
    heap.push(slot);
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (this.compare(heap[i]!, heap[parent]!) >= 0) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): number | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < heap.length && this.compare(heap[left]!, heap[least]!) < 0) least = left;
        if (right < heap.length && this.compare(heap[right]!, heap[least]!) < 0) least = right;
        if (least === i) break;
        [heap[i], heap[least]] = [heap[least]!, heap[i]!];
        i = least;
      }
    }
    this.queued.delete(top);
    return top;
  }
}
