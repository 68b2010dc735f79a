/**
 * The Stripe tests' setup, in one place: stripe-mock (Stripe's own API double, speaking the real
 * protocol) on a free loopback port, behind a small recording proxy so tests can check the exact
 * shape of every request we send; a test server in Stripe mode against it, for a file or a
 * describe block (useStripeMode); a user whose Stripe customer exists (customerFor). Webhook
 * signing and delivery are stripe-webhook.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { ensureStripeMock } from '../../scripts/bootstrap.mjs';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { startTestServer, type TestServer, type TestServerOptions, type TestUser } from './harness.ts';
import { NO_BILLING_ENV } from './security/support.ts';
import { stripeWebhook } from './stripe-webhook.ts';

/** The price ids the Stripe tests configure (stripe-mock accepts any id). */
export const TEST_PRICES = {
  monthly: 'price_monthly_test',
  yearly: 'price_yearly_test',
  pack_100: 'price_pack_100',
  pack_500: 'price_pack_500',
  pack_1000: 'price_pack_1000',
};

/** The price of stripe-mock's fixture subscription: for it to map to a plan, the plan's price. */
export const STRIPE_MOCK_FIXTURE_PRICE = 'price_1PgafmB7WZ01zgkW6dKueIc5';

/** The server settings of Stripe mode against the double at `apiBase`, with `prices` (TEST_PRICES unless told). */
export function stripeModeEnv(
  apiBase: string,
  webhookSecret: string,
  prices = TEST_PRICES,
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_API_BASE: apiBase,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: prices.monthly,
    STRIPE_PRICE_YEARLY: prices.yearly,
    STRIPE_PRICE_PACK_100: prices.pack_100,
    STRIPE_PRICE_PACK_500: prices.pack_500,
    STRIPE_PRICE_PACK_1000: prices.pack_1000,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  form: URLSearchParams;
}

/** A replacement answer for a request stripe-mock accepted (its fixtures are fixed data). */
export interface StubAnswer {
  status?: number;
  body: unknown;
}

/**
 * Decides, per request, whether to replace stripe-mock's answer. The request is still validated
 * by stripe-mock first (a request it refuses gets its refusal); the stub may wait (to let a test
 * order concurrent requests) before answering.
 */
export type Interceptor = (
  request: RecordedRequest,
) => StubAnswer | undefined | Promise<StubAnswer | undefined>;

export interface StripeDouble {
  /** Base URL for STRIPE_API_BASE (the recording proxy). */
  url: string;
  requests: RecordedRequest[];
  /** Sets (or clears) the interceptor that stubs business data on top of stripe-mock. */
  intercept(interceptor: Interceptor | null): void;
  stop(): Promise<void>;
}

/**
 * Starts stripe-mock on ports it picks itself (loopback only) and resolves with its HTTP port,
 * read from its start-up line. Both protocols get port 0: given only an HTTP address, stripe-mock
 * also binds HTTPS on the fixed default 12112, so two test files would collide.
 */
function launch(binary: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /Listening for HTTP at address: 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        // keep draining so a chatty child never blocks on a full pipe
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited with ${code}:\n${output}`)));
  });
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const binary = process.env.STRIPE_MOCK_BIN || (await ensureStripeMock());
  const { child, port: mockPort } = await launch(binary);
  const requests: RecordedRequest[] = [];
  let interceptor: Interceptor | null = null;
  const proxy: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://stripe');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: new URLSearchParams(body.toString('utf8')),
      };
      requests.push(recorded);
      const upstream = httpRequest(
        { host: '127.0.0.1', port: mockPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          const status = answer.statusCode ?? 502;
          const stub = status < 400 && interceptor ? interceptor(recorded) : undefined;
          void Promise.resolve(stub).then(
            (replacement) => {
              if (!replacement) {
                res.writeHead(status, answer.headers);
                answer.pipe(res);
                return;
              }
              answer.resume();
              res.writeHead(replacement.status ?? 200, { 'Content-Type': 'application/json' });
              res.end(JSON.stringify(replacement.body));
            },
            () => {
              answer.resume();
              res.writeHead(500);
              res.end();
            },
          );
        },
      );
      upstream.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    requests,
    intercept(next) {
      interceptor = next;
    },
    async stop() {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      child.kill('SIGTERM');
    },
  };
}

export interface StripeModeOptions extends Omit<TestServerOptions, 'env'> {
  /** The webhook's signing secret (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The plans' and packs' prices; TEST_PRICES unless told. */
  prices?: typeof TEST_PRICES;
  /** More server settings (APP_URL, …); no billing setting is inherited from the shell. */
  env?: Record<string, string>;
  /** Stripe's business data on top of stripe-mock's fixed answers, for every test (a test may set its own). */
  intercept?: Interceptor;
}

export interface StripeMode {
  readonly stripe: StripeDouble;
  readonly server: TestServer;
  /** Signs and delivers webhook events to the server as Stripe would. */
  readonly webhook: ReturnType<typeof stripeWebhook>;
}

/** A test server in Stripe mode against the Stripe API at `apiBase` (stripe-mock's proxy, or nothing). */
export function startStripeModeServer(
  apiBase: string,
  { webhookSecret, prices, env, intercept: _, ...serverOptions }: StripeModeOptions,
): Promise<TestServer> {
  return startTestServer({
    ...serverOptions,
    env: { ...NO_BILLING_ENV, ...stripeModeEnv(apiBase, webhookSecret, prices), ...env },
  });
}

/**
 * stripe-mock and a test server in Stripe mode against it, for the tests of the file (or the
 * describe block) that calls this: started before them, stopped after them.
 */
export function useStripeMode(options: StripeModeOptions): StripeMode {
  let stripe: StripeDouble | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    stripe = await startStripeDouble();
    if (options.intercept) stripe.intercept(options.intercept);
    server = await startStripeModeServer(stripe.url, options);
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('Stripe mode is not started yet (beforeAll)');
    return value;
  };
  return {
    get stripe() {
      return started(stripe);
    },
    get server() {
      return started(server);
    },
    webhook: stripeWebhook(() => started(server).url, options.webhookSecret),
  };
}

/** A new user of `server` whose Stripe customer exists (made by a first checkout, as in production), and its id. */
export async function customerFor(
  server: TestServer,
  label: string,
): Promise<{ user: TestUser; customer: string }> {
  const user = await server.createUser(label);
  await user.pb.send(SERVER_ROUTES.checkout.path, { method: 'POST', body: { product: 'monthly' } });
  const record = await server.superuser
    .collection(COLLECTIONS.subscriptions)
    .getFirstListItem(`user = "${user.id}"`);
  const customer = record.stripe_customer_id as string;
  expect(customer).toMatch(/^cus_/);
  return { user, customer };
}
