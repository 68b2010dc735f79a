import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mustRun } from './run.mjs';
import { startPocketBase, waitForHealth } from './stack.mjs';

const dir = mkdtempSync(join(tmpdir(), 'adscout-stack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('waitForHealth', () => {
  it('gives up after its time, saying what the server last answered', async () => {
    const server = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(waitForHealth(url, { timeoutMs: 300 })).rejects.toThrow(
        `PocketBase at ${url} was not healthy after 300 ms (HTTP 503)`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('startPocketBase', () => {
  it('fails at once, with what the process printed, when it exits before it is healthy', async () => {
    // not PocketBase at all: Node, asked to run a script called "serve"
    const error = await startPocketBase({
      pocketbase: process.execPath,
      dataDir: dir,
      http: '127.0.0.1:9',
    }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^PocketBase exited with code 1 before it was healthy\n[\s\S]*serve/,
    );
  });
});

describe('mustRun', () => {
  it('names the command that failed and its exit code', async () => {
    await expect(mustRun(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' })).rejects.toThrow(
      /`.* -e process\.exit\(3\)` exited with code 3/,
    );
  });
});
