/**
 * Runs every tests/bench/*.bench.ts (or those whose file name contains an argument), prints a
 * table and writes the figures to bench-results/latest.json and a timestamped copy
 * (ADSCOUT_BENCH_RESULTS_DIR names another folder, as the test of `npm run bench` does).
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { messageOf } from '../../src/domain/text/error-message.ts';
import type { Benchmark, Measurement } from './types.ts';

function formatValue(m: Measurement): string {
  // counts (errors, runs) print as whole numbers
  const digits = Number.isInteger(m.value) || Math.abs(m.value) >= 100 ? 0 : Math.abs(m.value) >= 10 ? 1 : 2;
  return `${m.value.toFixed(digits)} ${m.unit}`;
}

function printTable(rows: Measurement[]): void {
  const header = ['benchmark', 'metric', 'value', 'target', 'met'];
  const body = rows.map((m) => [
    m.benchmark,
    m.metric,
    formatValue(m),
    m.target ?? '',
    m.met === undefined ? '' : m.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of body) console.log(line(row));
}

async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const dir = join(ROOT, 'tests', 'bench');
  const files = (await readdir(dir))
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  const results: Measurement[] = [];
  const failures: string[] = [];
  for (const file of files) {
    const mod = (await import(join(dir, file))) as { default: Benchmark };
    console.log(`▶ ${mod.default.name} (${file})`);
    try {
      results.push(...(await mod.default.run()));
    } catch (error) {
      failures.push(`${file}: ${messageOf(error)}`);
    }
  }
  console.log('');
  printTable(results);
  for (const note of results.filter((m) => m.note))
    console.log(`  note (${note.benchmark}/${note.metric}): ${note.note}`);
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memoryGiB: +(totalmem() / 2 ** 30).toFixed(1),
      node: process.version,
    },
    results,
    failures,
  };
  const outDir = process.env.ADSCOUT_BENCH_RESULTS_DIR || join(ROOT, 'bench-results');
  await mkdir(outDir, { recursive: true });
  const json = JSON.stringify(report, null, 2) + '\n';
  await writeFile(join(outDir, 'latest.json'), json);
  await writeFile(join(outDir, `bench-${report.date.replace(/[:.]/g, '-')}.json`), json);
  const written = join(outDir, 'latest.json');
  const shown = relative(ROOT, written);
  console.log(`\nwrote ${shown.startsWith('..') ? written : shown}`);
  if (failures.length) {
    console.error(`\n${failures.length} benchmark(s) failed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

await main();
