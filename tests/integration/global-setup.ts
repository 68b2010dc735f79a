import {
  ensureLitestream,
  ensureMailpit,
  ensurePocketBase,
  ensureStripeMock,
  ensureVersityGw,
} from '../../scripts/bootstrap.mjs';

/**
 * Makes sure PocketBase, stripe-mock, Mailpit, versitygw and Litestream exist before any integration file starts one, so files
 * running in parallel never race to build a binary.
 */
export default async function setup(): Promise<void> {
  process.env.POCKETBASE_BIN = await ensurePocketBase();
  process.env.STRIPE_MOCK_BIN = await ensureStripeMock();
  process.env.MAILPIT_BIN = await ensureMailpit();
  process.env.VERSITYGW_BIN = await ensureVersityGw();
  process.env.LITESTREAM_BIN = await ensureLitestream();
}
