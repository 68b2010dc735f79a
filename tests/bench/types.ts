/** One figure a benchmark reports. `target` is the goal in words; `met` says whether it was met. */
export interface Measurement {
  benchmark: string;
  metric: string;
  value: number;
  unit: string;
  target?: string;
  met?: boolean;
  note?: string;
}

export interface Benchmark {
  name: string;
  run(): Promise<Measurement[]>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
