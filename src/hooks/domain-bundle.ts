/**
 * Entry of the bundle that pb_hooks loads as pb_hooks/lib/domain.js (CommonJS, ES2017 for goja).
 * Regenerate with `npm run build:hooks`; tests/integration/hooks-bundle.test.ts fails when the
 * committed bundle is stale.
 */
export * from '../domain/index.ts';
