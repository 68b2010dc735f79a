// `npm start`: installs what is missing, then runs PocketBase (API, realtime, the built PWA) and
// N supervised scout workers (1 by default) until Ctrl-C. A worker that dies is logged and started
// again with backoff (scripts/lib/supervise.mjs) while PocketBase keeps serving; the runs it held
// are resumed once their leases expire. PocketBase dying stops everything (exit code 1). With
// REPLICA_S3_* set, Litestream replicates data.db beside them, supervised the same way
// (scripts/lib/replica.mjs); a partial REPLICA_S3_* set refuses to start.
//
// Quiet by default: after the banner (where to sign in), one line per event that matters — a run
// claimed or ended, a worker restarted, a warning, an error. --verbose adds PocketBase's dev-mode
// output: every request, log entry and SQL statement.
//
//   npm start -- [--http HOST:PORT] [--dir DATA_DIR] [--workers N] [--verbose]
import { isAbsolute, join, relative, resolve } from 'node:path';
import { bootstrap, webBuildDir } from './bootstrap.mjs';
import { ensureLitestream } from './lib/go-tools.mjs';
import { readReplicaSettings, startReplica } from './lib/replica.mjs';
import { log, messageOf } from './lib/run.mjs';
import {
  accountsEnv,
  deleteSuperuser,
  loadOrCreateCredentials,
  ROOT,
  startPocketBase,
  startWorker,
} from './lib/stack.mjs';
import { describeExit, lastErrorLine, supervise } from './lib/supervise.mjs';

const USAGE = 'usage: npm start -- [--http HOST:PORT] [--dir DATA_DIR] [--workers N] [--verbose]';
/** Scout worker processes on this machine; each works up to SCOUT_CONCURRENCY runs at once. */
const MAX_WORKERS = 32;
/**
 * How long the banner waits for the scout workers to sign in, so that it comes after their
 * "ready" lines and stays the last thing on the screen; a worker that takes longer (its sign-in
 * retrying) prints its line after it.
 */
const READY_WAIT_MS = 20_000;

/**
 * @param {string[]} argv
 * @returns {{ http: string; dir: string; workers: number; verbose: boolean }}
 */
function parseArgs(argv) {
  /** @type {string | undefined} */
  let http = process.env.ADSCOUT_HTTP || '127.0.0.1:8090';
  /** @type {string | undefined} */
  let dir = join(ROOT, 'pb_data');
  /** @type {string | undefined} */
  let workers = '1';
  let verbose = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--http') http = value();
    else if (flag === '--dir') dir = value();
    else if (flag === '--workers') workers = value();
    else if (arg === '--verbose') verbose = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`unknown option ${arg}; ${USAGE}`);
      process.exit(2);
    }
  }
  if (!/^\d{1,3}$/.test(workers ?? '') || Number(workers) > MAX_WORKERS) {
    console.error(
      `--workers expects a whole number from 0 to ${MAX_WORKERS} (0: no worker here, they run elsewhere; got ${workers})`,
    );
    process.exit(2);
  }
  if (!http || !/^[^:\s]+:\d{1,5}$/.test(http)) {
    console.error(`--http expects HOST:PORT, for example 127.0.0.1:8090 (got ${http})`);
    process.exit(2);
  }
  if (!dir) {
    console.error('--dir expects a directory');
    process.exit(2);
  }
  // npm runs scripts from the package root; a relative --dir means relative to where it was typed.
  if (!isAbsolute(dir)) dir = resolve(process.env.INIT_CWD || process.cwd(), dir);
  return { http, dir, workers: Number(workers), verbose };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // Signals are handled from the first moment: a Ctrl-C (or a SIGTERM from a supervisor) that
  // arrives while PocketBase is still starting must stop it too, not leave it running orphaned in
  // its own process group. Until the processes exist, a stop request waits for them.
  /** @type {import('./lib/stack.mjs').RunningPocketBase | null} */
  let server = null;
  /** @type {Array<ReturnType<typeof superviseWorker>>} */
  let workers = [];
  /** @type {Awaited<ReturnType<typeof startReplica>> | null} */
  let replica = null;
  let starting = true;
  let stopping = false;
  let stopCode = 0;
  /** @param {number} code */
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    stopCode = code;
    if (starting) return; // main() stops what it started as soon as it has it
    log('stopping…');
    // Workers first: each hands its runs back to PocketBase before PocketBase goes.
    await Promise.all(workers.map((worker) => worker.stop()));
    await server?.stop();
    // Litestream last: on SIGTERM it uploads PocketBase's last writes before it exits
    await replica?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  // A partial REPLICA_S3_* set is refused before anything is built (PocketBase refuses it too,
  // src/hooks/config/startup.ts, for a server started without npm start).
  const replication = await readReplicaSettings();
  if (replication.errors.length > 0) {
    console.error(`\n[adscout] AdScout cannot start: ${replication.errors.join(' ')}`);
    process.exit(1);
  }
  const { pocketbase } = await bootstrap();
  const litestream = replication.settings.enabled ? await ensureLitestream() : null;
  if (stopping) process.exit(stopCode);

  const {
    path: credentialsFile,
    workerPath: workerCredentialsFile,
    credentials,
    created,
    retiredSuperuser,
  } = loadOrCreateCredentials(options.dir);
  // Workers were superusers once: that account goes (the workers have their own now).
  if (retiredSuperuser) {
    try {
      deleteSuperuser(pocketbase, options.dir, retiredSuperuser);
      log(`deleted ${retiredSuperuser}, the superuser the scout workers used to sign in as`);
    } catch (error) {
      log(
        `WARNING: ${messageOf(error)}; delete that superuser in the admin UI (the workers no longer use it)`,
      );
    }
  }

  const running = await startPocketBase({
    pocketbase,
    dataDir: options.dir,
    http: options.http,
    publicDir: webBuildDir(),
    stdio: 'inherit',
    dev: options.verbose,
    // PocketBase makes the workers' account, and the admin superuser when it is missing (a
    // password changed in the admin UI is kept): passwords in its environment, never on a
    // command line (src/hooks/config/accounts.ts).
    env: accountsEnv(credentials),
  });
  server = running;
  if (litestream && !stopping) {
    replica = await startReplica({ litestream, dataDir: options.dir, settings: replication.settings, log });
  }
  if (!stopping) {
    workers = Array.from({ length: options.workers }, (_, i) =>
      superviseWorker({
        name: `worker-${i + 1}`,
        pbUrl: running.url,
        credentialsFile: workerCredentialsFile,
      }),
    );
  }
  starting = false;
  if (stopping) {
    stopping = false;
    return stop(stopCode);
  }
  running.child.on('exit', (code, signal) => {
    if (!stopping) {
      log(`PocketBase exited unexpectedly (${describeExit(code, signal)}); stopping the scout workers.`);
      void stop(1);
    }
  });

  await Promise.race([Promise.all(workers.map((worker) => worker.signedIn)), delay(READY_WAIT_MS)]);
  if (stopping) return;
  /** @param {string} path */
  const shown = (path) => {
    const rel = relative(process.env.INIT_CWD || process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const shownDir = shown(options.dir);
  const shownCredentials = shown(credentialsFile);
  console.log('');
  log(`AdScout is running at ${running.url}`);
  log(`Admin UI: ${running.url}/_/ — log in as ${credentials.admin.email}`);
  if (created) {
    log(`  admin password (shown this once): ${credentials.admin.password}`);
  }
  log(`  the password is kept in ${shownCredentials} (mode 0600)`);
  log(
    options.workers === 0
      ? 'No scout worker runs here (--workers 0): start workers elsewhere against this server.'
      : `Scout workers: ${options.workers}; one that dies is restarted while PocketBase keeps serving.`,
  );
  log(
    process.env.SMTP_HOST
      ? `Mail goes out through ${process.env.SMTP_HOST} (SMTP_HOST).`
      : `Mails (password reset, email change) are not sent without SMTP_HOST: read them in the admin UI (mail_outbox) or at ${running.url}/api/adscout/local/outbox as a superuser.`,
  );
  if (!options.verbose)
    log(
      "Requests, SQL and PocketBase's own log are not printed here: read them in the admin UI (Logs), or start with `npm start -- --verbose`.",
    );
  log(
    replication.settings.enabled
      ? `Database replica: Litestream streams data.db to s3://${replication.settings.bucket}/${replication.settings.path}/ (restore: npm run restore -- --dir NEW_DIR).`
      : 'No database replica (REPLICA_S3_* is not set): the data dir and its backups are all there is.',
  );
  log(`Data lives in ${shownDir}/. Press Ctrl-C to stop.`);
  console.log('');
}

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The line the scout worker prints once it has signed in (src/worker/main.ts). */
const WORKER_READY = /^\[worker [^\]]+\] ready: /m;

/**
 * One scout worker, restarted with backoff whenever it dies; PocketBase keeps serving meanwhile.
 * Its output passes through, and its last error line is kept to say why it died. `signedIn`
 * resolves when it has signed in for the first time.
 * @param {{ name: string; pbUrl: string; credentialsFile: string }} options
 */
function superviseWorker({ name, pbUrl, credentialsFile }) {
  let ready = false;
  /** @type {() => void} */
  let onReady = () => {};
  /** @type {Promise<void>} */
  const signedIn = new Promise((resolve) => (onReady = () => resolve()));
  const supervised = supervise({
    name: `scout worker ${name}`,
    log,
    start: () => {
      const worker = startWorker({ pbUrl, credentialsFile, name, stdio: 'pipe' });
      const { stdout, stderr } = worker.child;
      if (!stdout || !stderr) throw new Error('the scout worker was started without its output piped');
      const lastError = lastErrorLine();
      let head = '';
      stdout.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
        process.stdout.write(chunk);
        if (ready) return;
        head = (head + chunk).slice(-2000);
        if (WORKER_READY.test(head)) {
          ready = true;
          onReady();
        }
      });
      stderr.setEncoding('utf8').on('data', (/** @type {string} */ chunk) => {
        process.stderr.write(chunk);
        lastError.write(chunk);
      });
      log(`started scout worker ${name} (pid ${worker.child.pid})`);
      return { ...worker, reason: lastError.get };
    },
  });
  return { ...supervised, signedIn };
}

main().catch((error) => {
  console.error(`\n[adscout] npm start failed: ${messageOf(error)}`);
  process.exit(1);
});
