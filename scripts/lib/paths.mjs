// Where the repository and its built binaries are, for the plain-Node scripts.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The binaries the bootstrap builds from the Go module proxy (scripts/lib/go-tools.mjs). */
export const BIN_DIR = join(ROOT, '.bin');
