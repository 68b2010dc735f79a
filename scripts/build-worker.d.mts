export const WORKER_ENTRY: string;
export const WORKER_OUTDIR: string;
export const WORKER_FILE: string;
export function buildWorker(outdir?: string): Promise<{ outfile: string; bytes: number }>;
