// `npm run replicate -- --dir DATA_DIR`: the database replica alone, for a server whose PocketBase
// runs under systemd (deploy/adscout-replica.service); `npm start` runs the same thing itself.
// Litestream streams DATA_DIR/data.db to REPLICA_S3_* and is restarted when it dies
// (scripts/lib/replica.mjs); stops on SIGTERM or Ctrl-C once Litestream has uploaded what it holds.
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ensureLitestream } from './lib/go-tools.mjs';
import { readReplicaSettings, startReplica } from './lib/replica.mjs';
import { log, messageOf } from './lib/run.mjs';

const USAGE = 'usage: npm run replicate -- --dir DATA_DIR';

async function main() {
  const argv = process.argv.slice(2);
  /** @type {string | undefined} */
  let dir;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    if (flag === '--dir') dir = inline ?? argv[++i];
    else {
      console.error(`unknown option ${arg}; ${USAGE}`);
      process.exit(2);
    }
  }
  if (!dir) {
    console.error(`--dir is required; ${USAGE}`);
    process.exit(2);
  }
  if (!isAbsolute(dir)) dir = resolve(process.env.INIT_CWD || process.cwd(), dir);
  const { settings, errors } = await readReplicaSettings();
  if (errors.length > 0 || !settings.enabled) {
    console.error(
      `[adscout] the replica cannot start: ${errors.join(' ') || 'REPLICA_S3_* is not set (docs/configuration.md).'}`,
    );
    process.exit(1);
  }
  const litestream = await ensureLitestream();
  // PocketBase makes data.db at its first start; Litestream needs it there
  while (!existsSync(join(dir, 'data.db'))) {
    log(`waiting for ${join(dir, 'data.db')} (PocketBase makes it at its first start)…`);
    await new Promise((r) => setTimeout(r, 5_000));
  }
  const replica = await startReplica({ litestream, dataDir: dir, settings, log });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await replica.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`[adscout] npm run replicate failed: ${messageOf(error)}`);
  process.exit(1);
});
