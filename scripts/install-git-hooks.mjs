// The package's `prepare` script (run by `npm install` and `npm ci`): installs the pre-commit hook
// (simple-git-hooks, configured in package.json), which formats and lints the staged files with
// lint-staged, and rebuilds and stages pb_hooks/lib when src/hooks or src/domain is staged.
// Skipped, with one line saying why, where nobody commits: CI (CI is set), a copy without its own
// .git (a tarball, a release directory — a repository around it is not ours to change), an
// install without the dev dependencies, or SKIP_INSTALL_SIMPLE_GIT_HOOKS=1 (or
// SKIP_SIMPLE_GIT_HOOKS=1, which also turns an installed hook off). It never fails the install: a
// hook it could not write is reported and the install goes on.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { messageOf } from './lib/run.mjs';

/** @param {string} name */
const isSet = (name) => !['', '0', 'false'].includes(process.env[name] ?? '');

/** Why the hook is not installed here, or '' to install it. */
function skipReason() {
  if (isSet('CI')) return 'CI is set';
  for (const name of ['SKIP_INSTALL_SIMPLE_GIT_HOOKS', 'SKIP_SIMPLE_GIT_HOOKS'])
    if (isSet(name)) return `${name} is set`;
  if (!existsSync(join(ROOT, '.git'))) return 'this copy has no .git of its own';
  if (!existsSync(join(ROOT, 'node_modules', 'simple-git-hooks')))
    return 'the dev dependencies are not installed';
  return '';
}

const reason = skipReason();
if (reason) {
  console.log(`[adscout] pre-commit hook not installed: ${reason}.`);
} else {
  try {
    /** @type {{ setHooksFromConfig(root: string, argv: string[]): Promise<unknown> }} */
    const hooks = createRequire(import.meta.url)('simple-git-hooks');
    await hooks.setHooksFromConfig(ROOT, []);
    console.log(
      '[adscout] pre-commit hook installed: it formats and lints the staged files, and rebuilds pb_hooks/lib (lint-staged).',
    );
  } catch (error) {
    console.warn(`[adscout] pre-commit hook not installed: ${messageOf(error)}`);
  }
}
