import { ensurePocketBase, ensureStripeMock } from '../../scripts/bootstrap.mjs';

/**
 * Makes sure PocketBase and stripe-mock exist before any integration file starts one, so files
 * running in parallel never race to build a binary.
 */
export default async function setup(): Promise<void> {
  process.env.POCKETBASE_BIN = await ensurePocketBase();
  process.env.STRIPE_MOCK_BIN = await ensureStripeMock();
}
