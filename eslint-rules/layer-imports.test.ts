import { describe, expect, it } from 'vitest';
import {
  areaOf,
  forbiddenReason,
  importReason,
  packageImportReason,
  packageReason,
} from './layer-imports.js';

const allowed = (from: string, to: string) => forbiddenReason(areaOf(from), areaOf(to)) === null;

describe('the import directions', () => {
  it.each([
    ['src/domain/a.ts', 'src/domain/b.ts', true],
    ['src/domain/a.ts', 'src/web/data/db.ts', false],
    ['src/web/data/db.ts', 'src/domain/a.ts', true],
    ['src/web/data/db.ts', 'src/web/components/button.tsx', false],
    ['src/web/features/search/page.tsx', 'src/web/data/db.ts', true],
    ['src/web/features/search/page.tsx', 'src/web/components/button.tsx', true],
    ['src/web/features/search/page.tsx', 'src/web/features/search/form.tsx', true],
    ['src/web/features/search/page.tsx', 'src/web/features/history/page.tsx', false],
    ['src/web/features/search/page.tsx', 'src/web/app/app.tsx', false],
    ['src/web/components/button.tsx', 'src/web/app/app.tsx', false],
    ['src/web/app/app.tsx', 'src/web/features/search/page.tsx', true],
    ['src/web/main.tsx', 'src/web/app/app.tsx', true],
    ['src/web/prerender.tsx', 'src/web/app/app.tsx', true],
    ['src/worker/main.ts', 'src/domain/a.ts', true],
    ['src/worker/main.ts', 'src/web/data/db.ts', false],
    ['src/worker/sources/demo.ts', 'src/demo-library/library.ts', true],
    ['src/demo-library/library.ts', 'src/domain/ads/source-query.ts', true],
    ['src/demo-library/library.ts', 'src/demo-library/media.ts', true],
    ['src/demo-library/library.ts', 'src/worker/net/http.ts', false],
    ['src/demo-library/media.ts', 'src/web/app/app.tsx', false],
    ['src/web/main.tsx', 'src/demo-library/media.ts', false],
    ['src/web/app/app.tsx', 'src/demo-library/media.ts', false],
    ['src/web/features/landing/demo-video.tsx', 'src/demo-library/media.ts', false],
    ['src/web/components/ad-creative.tsx', 'src/demo-library/media.ts', false],
    ['src/web/data/local/local-db.ts', 'src/demo-library/media.ts', false],
    ['src/hooks/results/index.ts', 'src/demo-library/media.ts', false],
    ['src/domain/text/url.ts', 'src/demo-library/media.ts', false],
    ['vite.config.ts', 'src/demo-library/media-render.ts', true],
    ['scripts/make-demo-media.mjs', 'src/demo-library/media-render.ts', true],
    ['src/hooks/runs/guard.ts', 'src/domain/forms/forms.ts', true],
    ['src/hooks/results/index.ts', 'src/hooks/runs/index.ts', true],
    ['src/hooks/runs/guard.ts', 'src/worker/job.ts', false],
    ['src/hooks/runs/guard.ts', 'src/web/data/db.ts', false],
    ['src/domain/a.ts', 'src/hooks/runs/index.ts', false],
    ['src/worker/api.ts', 'src/hooks/runs/index.ts', false],
    ['src/web/data/db.ts', 'src/hooks/quota/index.ts', false],
    ['src/web/app/app.tsx', 'src/hooks/config/index.ts', false],
    ['src/domain/a.ts', 'tests/integration/harness.ts', false],
    ['tests/e2e/a.ts', 'src/web/app/app.tsx', true],
    // the shared board's page: an entry of its own, none of the app
    ['src/web/share/main.ts', 'src/web/share/share-page.ts', true],
    ['src/web/share/render.ts', 'src/domain/boards/board-contract.ts', true],
    ['src/web/share/render.ts', 'src/web/components/external-link-element.ts', true],
    ['src/web/share/share-page.ts', 'src/web/app/app.tsx', false],
    ['src/web/share/share-page.ts', 'src/web/data/server/public-config.ts', false],
    ['src/web/share/share-page.ts', 'src/web/features/boards/boards-page.tsx', false],
    ['src/web/features/boards/boards-page.tsx', 'src/web/share/render.ts', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(allowed(from, to)).toBe(ok);
  });
});

describe('the parts of src/web/data', () => {
  it.each([
    // the API and the browser's own state stand alone
    ['src/web/data/server/account.ts', 'src/web/data/server/client.ts', true],
    ['src/web/data/server/account.ts', 'src/web/data/local/local-data.ts', false],
    ['src/web/data/server/quota.ts', 'src/web/data/local/offline-memory.ts', false],
    ['src/web/data/server/session.ts', 'src/web/data/browser/preferences.ts', false],
    ['src/web/data/browser/notifications.ts', 'src/web/data/server/session.ts', false],
    ['src/web/data/browser/creative-cache.test.ts', 'src/web/data/local/local-db.ts', false],
    ['src/web/data/browser/notifications.ts', 'src/web/data/browser/preferences.ts', true],
    // the local database composes them
    ['src/web/data/local/local-data.ts', 'src/web/data/server/session.ts', true],
    ['src/web/data/local/local-db.ts', 'src/web/data/browser/creative-cache.ts', true],
    ['src/web/data/local/sync/pull.ts', 'src/web/data/local/local-db.ts', true],
    // a module outside the parts composes any of them; no part imports it
    ['src/web/data/offline.ts', 'src/web/data/local/local-data.ts', true],
    ['src/web/data/local/local-data.ts', 'src/web/data/offline.ts', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(allowed(from, to)).toBe(ok);
  });

  it('names the parts a part may import', () => {
    const reason = (from: string, to: string) => forbiddenReason(areaOf(from), areaOf(to));
    expect(reason('src/web/data/server/a.ts', 'src/web/data/local/b.ts')).toBe(
      'src/web/data/server imports no other part of src/web/data',
    );
    expect(reason('src/web/data/local/a.ts', 'src/web/data/c.ts')).toBe(
      'src/web/data/local imports itself and server/ and browser/ only',
    );
  });
});

describe('test data', () => {
  it('a unit test in src may read tests/fixtures, and nothing else of tests/', () => {
    expect(importReason('src/domain/a.test.ts', 'tests/fixtures/ad-library/x.json')).toBeNull();
    expect(importReason('src/domain/a.ts', 'tests/fixtures/ad-library/x.json')).not.toBeNull();
    expect(importReason('src/domain/a.test.ts', 'tests/integration/harness.ts')).not.toBeNull();
  });
});

describe('packages', () => {
  it('src/hooks imports no package (it runs in PocketBase), not even zod', () => {
    for (const spec of ['zod', 'zod/mini', 'node:fs', 'pocketbase', 'react']) {
      expect(packageReason(areaOf('src/hooks/runs/guard.ts'), spec), spec).not.toBeNull();
    }
    expect(packageReason(areaOf('src/domain/forms/forms.ts'), 'zod/mini')).toBeNull();
    expect(packageReason(areaOf('src/worker/api.ts'), 'pocketbase')).toBeNull();
    expect(packageReason(areaOf('src/demo-library/media-render.ts'), 'sharp')).toBeNull();
    expect(packageReason(areaOf('src/demo-library/media-render.ts'), 'node:fs')).toBeNull();
    expect(packageReason(areaOf('src/demo-library/media.ts'), 'pocketbase')).not.toBeNull();
    expect(packageReason(areaOf('src/demo-library/media.ts'), 'react')).not.toBeNull();
  });

  it('a unit test, also in src/hooks, may import vitest and Node, and nothing else its layer may not', () => {
    for (const spec of ['vitest', 'node:crypto']) {
      expect(packageImportReason('src/hooks/billing/stripe-protocol.test.ts', spec), spec).toBeNull();
      expect(packageImportReason('src/domain/a.test.ts', spec), spec).toBeNull();
      expect(packageImportReason('src/hooks/billing/stripe-protocol.ts', spec), spec).not.toBeNull();
    }
    expect(packageImportReason('src/domain/a.ts', 'node:fs')).not.toBeNull();
    expect(packageImportReason('src/hooks/quota/periods.test.ts', 'zod')).not.toBeNull();
    expect(packageImportReason('src/web/data/a.test.ts', 'vitest')).toBeNull();
  });

  it('only the worker imports the language detector (eld)', () => {
    expect(packageReason(areaOf('src/worker/tags/copy-language.ts'), 'eld/medium')).toBeNull();
    for (const file of [
      'src/web/features/ai/ai-page.tsx',
      'src/web/components/tag-list.tsx',
      'src/domain/tags/tag-rules.ts',
      'src/demo-library/copy.ts',
    ]) {
      expect(packageReason(areaOf(file), 'eld'), file).not.toBeNull();
      expect(packageReason(areaOf(file), 'eld/medium'), file).not.toBeNull();
    }
  });

  it('only src/web/data/local touches Dexie; the PocketBase SDK stays in server and local', () => {
    expect(areaOf('src/web/data/local/sync/pull.ts')).toEqual({ layer: 'data', part: 'local' });
    expect(packageReason(areaOf('src/web/data/local/local-db.ts'), 'dexie')).toBeNull();
    expect(packageReason(areaOf('src/web/data/local/local-data.ts'), 'dexie-react-hooks')).toBeNull();
    for (const file of [
      'src/web/data/server/runs.ts',
      'src/web/data/browser/consent.ts',
      'src/web/data/x.ts',
    ]) {
      expect(packageReason(areaOf(file), 'dexie'), file).not.toBeNull();
    }
    expect(packageReason(areaOf('src/web/data/server/client.ts'), 'pocketbase')).toBeNull();
    expect(packageReason(areaOf('src/web/data/local/sync/pull.ts'), 'pocketbase')).toBeNull();
    expect(packageReason(areaOf('src/web/data/browser/consent.ts'), 'pocketbase')).not.toBeNull();
    expect(packageReason(areaOf('src/web/features/search/page.tsx'), 'dexie')).not.toBeNull();
  });
});
