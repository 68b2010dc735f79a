/** Time from `npm start` (node scripts/start.mjs) on a built tree until /api/health answers. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from '../../scripts/lib/stack.mjs';
import { median, type Benchmark } from './types.ts';

const RUNS = 5;

async function timeOneStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'start.mjs'), '--http', `127.0.0.1:${port}`, '--dir', dataDir],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('npm start did not answer /api/health within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

const benchmark: Benchmark = {
  name: 'npm start until /api/health answers',
  async run() {
    const dataDir = await mkdtemp(join(tmpdir(), 'adscout-bench-start-'));
    try {
      const first = await timeOneStart(dataDir);
      const warm: number[] = [];
      for (let i = 0; i < RUNS; i++) warm.push(await timeOneStart(dataDir));
      return [
        {
          benchmark: 'startup',
          metric: 'first start, empty data dir (migrations, superusers)',
          value: first,
          unit: 'ms',
        },
        {
          benchmark: 'startup',
          metric: `start on an existing data dir (median of ${RUNS})`,
          value: median(warm),
          unit: 'ms',
        },
      ];
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
