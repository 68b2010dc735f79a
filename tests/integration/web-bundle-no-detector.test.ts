/**
 * The web app carries the tag vocabulary and its labels, not a detector (docs/ai.md#tags): the
 * language detector (eld, 2 MB of n-grams) and the tag rules run in the worker only. Walks the
 * browser's imports from its entries (the HTML pages' module scripts and the prerender build's)
 * as the bundler does, and checks that no package or module of the detector is among them. The
 * lint rule (eslint-rules/layer-imports.js) refuses `eld` outside src/worker file by file; this
 * checks what the bundle holds, through every module on the way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { htmlEntries, PRERENDER_MAIN } from '../../scripts/lib/entries.mjs';
import { ROOT } from '../../scripts/lib/paths.mjs';

const SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];
const MODULE = /\.(?:[cm]?[jt]sx?)$/;

/** The modules of the repository the browser's entries reach, and the packages they import. */
function browserGraph(): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const pending = [...htmlEntries(), PRERENDER_MAIN];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (modules.has(file)) continue;
    modules.add(file);
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) {
        packages.add(fileName);
        continue;
      }
      const base = relative(ROOT, resolve(ROOT, dirname(file), fileName.split('?')[0] ?? ''));
      const target = SUFFIXES.map((suffix) => base + suffix).find(
        (candidate) => MODULE.test(candidate) && existsSync(join(ROOT, candidate)),
      );
      if (target) pending.push(target.replaceAll('\\', '/'));
    }
  }
  return { modules, packages };
}

describe('the web bundle', () => {
  const { modules, packages } = browserGraph();

  it('reaches the app and the tag vocabulary (the walk follows the imports)', () => {
    expect(modules.has('src/web/main.tsx')).toBe(true);
    expect(modules.has('src/domain/tags/vocabulary.ts')).toBe(true);
    expect(packages.has('react')).toBe(true);
  });

  it('holds no language detector and no tag rules: they run in the worker', () => {
    expect([...packages].filter((name) => /^(?:eld|tesseract\.js)(?:\/|$)/.test(name))).toEqual([]);
    expect([...modules].filter((path) => path.startsWith('src/worker/'))).toEqual([]);
    const rules = ['tag-rules', 'offer-rules', 'hook-rules', 'offer-phrases', 'hook-phrases', 'text-match'];
    expect(
      [...modules].filter((path) => rules.some((name) => path === `src/domain/tags/${name}.ts`)),
    ).toEqual([]);
  });
});
