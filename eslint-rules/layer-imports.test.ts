import { describe, expect, it } from 'vitest';
import { areaOf, forbiddenReason, importReason } from './layer-imports.js';

const allowed = (from: string, to: string) => forbiddenReason(areaOf(from), areaOf(to)) === null;

describe('ARCHITECTURE §2 import directions', () => {
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
    ['src/worker/main.ts', 'src/domain/a.ts', true],
    ['src/worker/main.ts', 'src/web/data/db.ts', false],
    ['src/hooks/domain-bundle.ts', 'src/domain/index.ts', true],
    ['src/domain/a.ts', 'tests/integration/harness.ts', false],
    ['tests/e2e/a.ts', 'src/web/app/app.tsx', true],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(allowed(from, to)).toBe(ok);
  });
});

describe('test data', () => {
  it('a unit test in src may read tests/fixtures, and nothing else of tests/', () => {
    expect(importReason('src/domain/a.test.ts', 'tests/fixtures/ad-library/x.json')).toBeNull();
    expect(importReason('src/domain/a.ts', 'tests/fixtures/ad-library/x.json')).not.toBeNull();
    expect(importReason('src/domain/a.test.ts', 'tests/integration/harness.ts')).not.toBeNull();
  });
});
