// `npm start`: installs what is missing, then runs PocketBase (API, realtime, the built PWA) and
// one scout worker until Ctrl-C.
//
//   npm start -- [--http HOST:PORT] [--dir DATA_DIR]
import { isAbsolute, join, relative, resolve } from 'node:path';
import { bootstrap, webBuildDir } from './bootstrap.mjs';
import { log } from './lib/run.mjs';
import {
  loadOrCreateCredentials,
  ROOT,
  startPocketBase,
  startWorker,
  upsertSuperuser,
} from './lib/stack.mjs';

function parseArgs(argv) {
  const options = { http: process.env.ADSCOUT_HTTP || '127.0.0.1:8090', dir: join(ROOT, 'pb_data') };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--http') options.http = value();
    else if (flag === '--dir') options.dir = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: npm start -- [--http HOST:PORT] [--dir DATA_DIR]');
      process.exit(0);
    } else {
      console.error(`unknown option ${arg}; usage: npm start -- [--http HOST:PORT] [--dir DATA_DIR]`);
      process.exit(2);
    }
  }
  if (!/^[^:\s]+:\d{1,5}$/.test(options.http ?? '')) {
    console.error(`--http expects HOST:PORT, for example 127.0.0.1:8090 (got ${options.http})`);
    process.exit(2);
  }
  if (!options.dir) {
    console.error('--dir expects a directory');
    process.exit(2);
  }
  // npm runs scripts from the package root; a relative --dir means relative to where it was typed.
  if (!isAbsolute(options.dir)) options.dir = resolve(process.env.INIT_CWD || process.cwd(), options.dir);
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // Signals are handled from the first moment: a Ctrl-C (or a SIGTERM from a supervisor) that
  // arrives while PocketBase is still starting must stop it too, not leave it running orphaned in
  // its own process group. Until the processes exist, a stop request waits for them.
  let server = null;
  let worker = null;
  let starting = true;
  let stopping = false;
  let stopCode = 0;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    stopCode = code;
    if (starting) return; // main() stops what it started as soon as it has it
    log('stopping…');
    await Promise.all([worker?.stop(), server?.stop()]);
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  const { pocketbase } = await bootstrap();
  if (stopping) process.exit(stopCode);

  const { path: credentialsFile, credentials, created } = loadOrCreateCredentials(options.dir);
  // The worker's service superuser is re-asserted on every start; the admin only on the first,
  // so a password changed in the admin UI is kept.
  if (created) upsertSuperuser(pocketbase, options.dir, credentials.admin.email, credentials.admin.password);
  upsertSuperuser(pocketbase, options.dir, credentials.worker.email, credentials.worker.password);

  server = await startPocketBase({
    pocketbase,
    dataDir: options.dir,
    http: options.http,
    publicDir: webBuildDir(),
    stdio: 'inherit',
  });
  if (!stopping) worker = startWorker({ pbUrl: server.url, credentialsFile });
  starting = false;
  if (stopping) {
    stopping = false;
    return stop(stopCode);
  }

  const shown = (path) => {
    const rel = relative(process.env.INIT_CWD || process.cwd(), path);
    return rel && !rel.startsWith('..') ? rel : path;
  };
  const shownDir = shown(options.dir);
  const shownCredentials = shown(credentialsFile);
  console.log('');
  log(`AdScout is running at ${server.url}`);
  log(`Admin UI: ${server.url}/_/ — log in as ${credentials.admin.email}`);
  if (created) {
    log(`  admin password (shown this once): ${credentials.admin.password}`);
  }
  log(`  the password is kept in ${shownCredentials} (mode 0600)`);
  log(`Data lives in ${shownDir}/. Press Ctrl-C to stop.`);
  console.log('');

  server.child.on('exit', (code) => {
    if (!stopping) {
      log(`PocketBase exited unexpectedly (code ${code}); stopping the worker.`);
      void stop(1);
    }
  });
  worker.child.on('exit', (code) => {
    if (!stopping) {
      log(`the scout worker exited unexpectedly (code ${code}); stopping PocketBase.`);
      void stop(1);
    }
  });
}

main().catch((error) => {
  console.error(`\n[adscout] npm start failed: ${error.message}`);
  process.exit(1);
});
