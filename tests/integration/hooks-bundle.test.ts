/** pb_hooks reuse src/domain through a committed bundle; it must match a fresh build. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildHooksBundle, HOOKS_BUNDLE } from '../../scripts/build-hooks.mjs';

describe('pb_hooks/lib/domain.js', () => {
  it('is fresh (run `npm run build:hooks` after changing src/domain)', async () => {
    const committed = await readFile(HOOKS_BUNDLE, 'utf8');
    expect(committed === (await buildHooksBundle())).toBe(true);
  });
});
