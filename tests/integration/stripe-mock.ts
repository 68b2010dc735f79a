/**
 * stripe-mock (Stripe's own API double, speaking the real protocol) on a free loopback port,
 * behind a small recording proxy so tests can check the exact shape of every request we send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { ensureStripeMock } from '../../scripts/bootstrap.mjs';
import { freePort } from '../../scripts/lib/stack.mjs';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

export interface StripeDouble {
  /** Base URL for STRIPE_API_BASE (the recording proxy). */
  url: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stripe-mock exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/v1/customers`, {
      headers: { Authorization: 'Bearer sk_test_123' },
    }).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error('stripe-mock did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const binary = process.env.STRIPE_MOCK_BIN || (await ensureStripeMock());
  const mockPort = await freePort();
  const child = spawn(binary, ['-http-addr', `127.0.0.1:${mockPort}`], { stdio: 'ignore' });
  await waitForPort(mockPort, child);
  const requests: RecordedRequest[] = [];
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://stripe');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(body.toString('utf8')),
      });
      const upstream = httpRequest(
        { host: '127.0.0.1', port: mockPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  const proxyPort = await freePort();
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    requests,
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      child.kill('SIGTERM');
    },
  };
}
