/**
 * The scout worker process. It signs in as the service superuser, says it is ready, and waits
 * for jobs until SIGINT/SIGTERM. The claim/scrape/settle loop arrives with the scouting pipeline
 * (issue 5); until then there is nothing to claim.
 */
import PocketBase from 'pocketbase';
import { readWorkerConfig } from './config.ts';

const AUTH_REFRESH_THRESHOLD_S = 30 * 60;
const AUTH_REFRESH_INTERVAL_MS = 10 * 60 * 1000;

function log(message: string): void {
  console.log(`[worker ${config.name}] ${message}`);
}

const config = readWorkerConfig();

async function signIn(pb: PocketBase): Promise<void> {
  // Retry while PocketBase is still starting, with a bounded number of attempts.
  for (let attempt = 1; ; attempt++) {
    try {
      await pb.collection('_superusers').authWithPassword(config.email, config.password, {
        autoRefreshThreshold: AUTH_REFRESH_THRESHOLD_S,
      });
      return;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

async function main(): Promise<void> {
  const pb = new PocketBase(config.pbUrl);
  pb.autoCancellation(false);
  await signIn(pb);
  log(`ready: signed in to ${config.pbUrl} as ${config.email}, source ${config.source}; waiting for jobs`);

  // Keep the session fresh while idle; this timer is also what keeps the process alive.
  const refresh = setInterval(() => {
    pb.collection('_superusers')
      .authRefresh()
      .catch((error: unknown) =>
        log(`auth refresh failed: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, AUTH_REFRESH_INTERVAL_MS);

  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      log(`received ${signal}, stopping`);
      clearInterval(refresh);
      resolve();
    };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[worker ${config.name}] failed:`, error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
