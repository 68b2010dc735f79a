/**
 * Starts a real PocketBase on a free port with a temporary data dir, the repo's migrations and
 * hooks, a superuser and a scout workers' account (the `workers` collection). Every integration file gets its own server, so files run in parallel
 * without sharing state.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase, { type RecordModel } from 'pocketbase';
import { freePort, randomSecret, startPocketBase, upsertSuperuser } from '../../scripts/lib/stack.mjs';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { waitFor } from '../fixtures/wait-for.ts';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** A client authenticated as this user. */
  pb: PocketBase;
  record: RecordModel;
}

export interface TestServer {
  url: string;
  dataDir: string;
  superuser: PocketBase;
  superuserCredentials: { email: string; password: string };
  /** A client signed in with the workers' account: what a scout worker is, no superuser. */
  worker: PocketBase;
  workerCredentials: { email: string; password: string };
  /**
   * The running process's output so far, all of it (a restart starts a new one). A test waits for
   * a line with waitForOutput.
   */
  output(): string;
  /**
   * Waits until the output, from character `after` on (0 unless told), matches `pattern`, and
   * returns that part. A line can reach this process after the answer to the request that made
   * the server write it, so a test never reads the log once.
   */
  waitForOutput(pattern: string | RegExp, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** A client with no session. */
  anonymous(): PocketBase;
  /** Creates a user (as superuser) and returns a client signed in as them. */
  createUser(label?: string): Promise<TestUser>;
  /**
   * Stops PocketBase and starts it again on the same port and data dir (a crash-restart);
   * `whileStopped` runs in between, when nothing holds the data dir; `env` is added to the
   * environment of this start and every later one.
   */
  restart(options?: {
    kill?: boolean;
    whileStopped?: () => void | Promise<void>;
    env?: Record<string, string>;
  }): Promise<void>;
  stop(): Promise<void>;
}

export function pocketBaseBinary(): string {
  const bin = process.env.POCKETBASE_BIN;
  if (!bin) throw new Error('POCKETBASE_BIN is not set: run through vitest (global-setup builds it)');
  return bin;
}

function client(url: string): PocketBase {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  return pb;
}

let userCounter = 0;
let addressCounter = 0;

/** A private address no other client of the run uses (10.x.y.z). */
export function uniqueClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * Makes `pb` talk as the client at `address` behind the trusted proxy: every request carries
 * the X-Forwarded-For header a reverse proxy would add. Only a server started with
 * TRUSTED_PROXY_HEADERS believes it.
 */
export function asClientAt(pb: PocketBase, address: string): PocketBase {
  const previous = pb.beforeSend;
  pb.beforeSend = async (url, options) => {
    const next = previous ? await previous(url, options) : { url, options };
    const sent = next.options ?? options;
    sent.headers = { ...(sent.headers ?? {}), 'X-Forwarded-For': address };
    return { url: next.url ?? url, options: sent };
  };
  return pb;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /**
   * As in production behind a reverse proxy (TRUSTED_PROXY_HEADERS=X-Forwarded-For): every user
   * and every anonymous client talks from an address of its own, so the per-address rate limits
   * count each one apart. For files that make more billing or account calls than one address
   * may; the limits themselves are tested in tests/integration/security/. A server behind a
   * proxy needs APP_URL (src/hooks/config/public-origin.ts): the server's own URL unless `env`
   * gives one.
   */
  clientsBehindProxy?: boolean;
  /** Serve the built PWA from this directory (dist/), as `npm start` does. */
  publicDir?: string;
  /** Load the hooks from this directory instead of the repository's pb_hooks/. */
  hooksDir?: string;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const pocketbase = pocketBaseBinary();
  const dataDir = await mkdtemp(join(tmpdir(), 'adscout-it-'));
  const superuserCredentials = { email: 'root@adscout.test', password: randomSecret() };
  upsertSuperuser(pocketbase, dataDir, superuserCredentials.email, superuserCredentials.password);
  let port = 0;
  let env = { ...options.env };
  const start = () =>
    startPocketBase({
      pocketbase,
      dataDir,
      http: `127.0.0.1:${port}`,
      publicDir: options.publicDir,
      ...(options.hooksDir ? { hooksDir: options.hooksDir } : {}),
      env: {
        ...env,
        ...(options.clientsBehindProxy
          ? {
              TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
              APP_URL: env.APP_URL || `http://127.0.0.1:${port}`,
            }
          : {}),
      },
    });
  // freePort() only suggests a port: another file's server may take it before ours binds, and then
  // /api/health answers from that server. Signing in with this data dir's own superuser proves
  // the server is ours; otherwise stop ours and try another port.
  // The whole output of the running process (startPocketBase keeps only its last 500 chunks): the
  // lines so far, then every chunk as it arrives, attached before any other I/O event can run.
  const launch = async () => {
    const started = await start();
    const log = { text: started.output.join('') };
    for (const stream of [started.child.stdout, started.child.stderr])
      stream?.on('data', (chunk: string) => (log.text += chunk));
    return { ...started, log };
  };
  /** A client signed in as this data dir's superuser: proof that the server on the port is ours. */
  const signInToOurs = async (candidate: Awaited<ReturnType<typeof launch>>): Promise<PocketBase> => {
    const pb = client(candidate.url);
    await pb
      .collection(COLLECTIONS.superusers)
      .authWithPassword(superuserCredentials.email, superuserCredentials.password);
    if (candidate.child.exitCode !== null) throw new Error('PocketBase exited');
    return pb;
  };
  let found: Awaited<ReturnType<typeof launch>> | null = null;
  let signedIn: PocketBase | null = null;
  for (let attempt = 1; !signedIn; attempt++) {
    port = await freePort();
    const candidate = await launch().catch((error: unknown) => {
      if (attempt >= 5) throw error;
      return null;
    });
    if (!candidate) continue;
    try {
      signedIn = await signInToOurs(candidate);
      found = candidate;
    } catch (error) {
      await candidate.stop();
      if (attempt >= 5) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
  if (!found) throw new Error('unreachable');
  let server = found;
  /**
   * Starts PocketBase again on its port, which was free while it was stopped: another process may
   * have taken it meanwhile (a client's ephemeral port, or another file's server, which would then
   * answer in ours' place). Only a server our superuser signs in to is taken; otherwise (or when
   * ours could not bind) it tries again until the port is free, and fails saying so. A server
   * that refuses to start fails the restart at once, with its reason.
   */
  const relaunch = async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      let failure: unknown;
      const candidate = await launch().catch((error: unknown) => {
        // a server that refuses to start (a test's bad setting) says why at once; only a port
        // still held by another process is worth waiting for
        if (!/address already in use/i.test(String(error))) throw error;
        failure = error;
        return null;
      });
      if (candidate) {
        try {
          await signInToOurs(candidate);
          return candidate;
        } catch (error) {
          failure = error;
          await candidate.stop();
        }
      }
      if (Date.now() > deadline)
        throw new Error(`PocketBase could not listen on port ${port} again: ${String(failure)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const superuser = signedIn;
  const workerCredentials = { email: 'worker@adscout.test', password: randomSecret() };
  const workerRecord = await superuser
    .collection(COLLECTIONS.workers)
    .create({ ...workerCredentials, passwordConfirm: workerCredentials.password });
  // Impersonation gives a real worker token without spending the sign-in rate limit.
  const worker = await superuser.collection(COLLECTIONS.workers).impersonate(workerRecord.id, 3600);
  worker.autoCancellation(false);

  return {
    url: server.url,
    dataDir,
    superuser,
    superuserCredentials,
    worker,
    workerCredentials,
    output: () => server.log.text,
    async waitForOutput(pattern, { after = 0, timeoutMs = 10_000 } = {}) {
      const matches = (text: string) =>
        typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
      return waitFor(`${String(pattern)} in the server output`, () => server.log.text.slice(after), matches, {
        timeoutMs,
        intervalMs: 50,
      });
    },
    anonymous: () =>
      options.clientsBehindProxy ? asClientAt(client(server.url), uniqueClientAddress()) : client(server.url),
    async createUser(label = 'user') {
      userCounter += 1;
      const email = `${label}-${userCounter}-${randomSecret(4).toLowerCase()}@adscout.test`;
      const password = `Pw-${randomSecret(9)}1a`;
      const record = await superuser
        .collection(COLLECTIONS.users)
        .create({ email, password, passwordConfirm: password });
      // Impersonation gives a real user token without spending the auth rate limit.
      const pb = await superuser.collection(COLLECTIONS.users).impersonate(record.id, 3600);
      pb.autoCancellation(false);
      if (options.clientsBehindProxy) asClientAt(pb, uniqueClientAddress());
      return { id: record.id, email, password, pb, record };
    },
    async restart({ kill = false, whileStopped, env: more } = {}) {
      env = { ...env, ...more };
      if (kill) {
        server.child.kill('SIGKILL');
        await new Promise((resolve) =>
          server.child.exitCode !== null || server.child.signalCode !== null
            ? resolve(null)
            : server.child.once('exit', resolve),
        );
      } else {
        await server.stop();
      }
      await whileStopped?.();
      server = await relaunch();
    },
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The HTTP status of a rejected SDK call (0 when it did not reject). */
export async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (typeof status !== 'number') throw error;
    return status;
  }
}
