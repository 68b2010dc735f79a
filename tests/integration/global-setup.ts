import { ensureMailpit, ensurePocketBase, ensureStripeMock } from '../../scripts/bootstrap.mjs';

/**
 * Makes sure PocketBase, stripe-mock and Mailpit exist before any integration file starts one, so files
 * running in parallel never race to build a binary.
 */
export default async function setup(): Promise<void> {
  process.env.POCKETBASE_BIN = await ensurePocketBase();
  process.env.STRIPE_MOCK_BIN = await ensureStripeMock();
  process.env.MAILPIT_BIN = await ensureMailpit();
}
