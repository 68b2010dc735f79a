/**
 * The service accounts a starting server makes from its environment, so that no password is ever
 * passed on a command line (where `ps` shows it to every user of the machine):
 *
 * - ADSCOUT_WORKER_EMAIL and ADSCOUT_WORKER_PASSWORD: the scout workers' account in the `workers`
 *   collection (never a superuser), created or given that password on every start, so the
 *   environment wins. `npm start` sets them from the worker's credentials file; on a server they
 *   go in pocketbase.env (deploy/README.md), the same as in the workers' worker.env.
 * - ADSCOUT_ADMIN_EMAIL and ADSCOUT_ADMIN_PASSWORD: a superuser, created when none has that email
 *   and never changed after, so a password changed in the admin UI is kept. `npm start` sets them
 *   from the admin's credentials file (which no worker reads).
 *
 * Runs at bootstrap (`serve` only) and again when the migration creates the `workers` collection,
 * which on a first start comes after bootstrap.
 */
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { env } from './env.ts';
import { serveCommand } from './server-settings.ts';

function findByEmail(collection: string, email: string): core.Record | null {
  try {
    return $app.findAuthRecordByEmail(collection, email);
  } catch (_) {
    return null;
  }
}

/** The workers' account from the environment: created, or its password set when it differs. */
function provisionWorker(): void {
  const email = env('ADSCOUT_WORKER_EMAIL');
  const password = env('ADSCOUT_WORKER_PASSWORD');
  if (!email || !password) return;
  let collection: core.Collection;
  try {
    collection = $app.findCollectionByNameOrId(COLLECTIONS.workers);
  } catch (_) {
    return; // not migrated yet: the collection's creation runs this again
  }
  let worker = findByEmail(COLLECTIONS.workers, email);
  // Setting a password ends the account's sessions: only when it changed.
  if (worker && worker.validatePassword(password)) return;
  const created = !worker;
  worker ??= new Record(collection);
  worker.setEmail(email);
  worker.setPassword(password);
  $app.save(worker);
  console.log(`[adscout] scout workers' account ${email} ${created ? 'created' : 'given a new password'}`);
}

/** A superuser from the environment, when none has that email yet. */
function provisionAdmin(): void {
  const email = env('ADSCOUT_ADMIN_EMAIL');
  const password = env('ADSCOUT_ADMIN_PASSWORD');
  if (!email || !password || findByEmail(COLLECTIONS.superusers, email)) return;
  const admin = new Record($app.findCollectionByNameOrId(COLLECTIONS.superusers));
  admin.setEmail(email);
  admin.setPassword(password);
  $app.save(admin);
  console.log(`[adscout] superuser ${email} created`);
}

/** onBootstrap: both accounts, when their variables are set and the command is `serve`. */
export function provisionAccounts(): void {
  if (!serveCommand($os.args)) return;
  provisionAdmin();
  provisionWorker();
}

/** onCollectionAfterCreateSuccess of `workers`: the migration just made it. */
export function provisionWorkerAccount(): void {
  if (!serveCommand($os.args)) return;
  provisionWorker();
}
