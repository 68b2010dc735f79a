import { ensurePocketBase } from '../../scripts/bootstrap.mjs';

/** Makes sure a PocketBase binary exists before any integration file starts one. */
export default async function setup(): Promise<void> {
  process.env.POCKETBASE_BIN = await ensurePocketBase();
}
