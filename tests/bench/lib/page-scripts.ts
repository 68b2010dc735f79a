/**
 * The JavaScript a page fetched, and its gzipped size as the build holds it (PocketBase serves the
 * files as they are): the first-download figures of pwa.bench.ts and share-page.bench.ts.
 */
import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { webBuildDir } from '../../../scripts/bootstrap.mjs';

/** Gzipped size of every JS file of the build the page fetched (PocketBase serves them as is). */
export function recordScripts(page: Page): Set<string> {
  const paths = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' || url.pathname.endsWith('.js')) paths.add(url.pathname);
  });
  return paths;
}

/** One script a page fetched: its chunk's name (the file's, without Vite's hash) and gzipped size. */
export interface ScriptCost {
  chunk: string;
  kb: number;
  /** The npm package that makes most of it, from its source map ('' when it is mostly our code). */
  mostly: string;
}

export async function gzippedKb(
  paths: Iterable<string>,
): Promise<{ kb: number; files: number; chunks: ScriptCost[] }> {
  const chunks: ScriptCost[] = [];
  for (const path of paths) {
    if (path === '/sw.js' || path.startsWith('/workbox-')) continue; // the service worker's own files
    const file = join(webBuildDir(), path);
    if (!existsSync(file)) continue;
    const bytes = gzipSync(await readFile(file), { level: 9 }).length;
    chunks.push({ chunk: chunkName(path), kb: bytes / 1024, mostly: await largestSource(`${file}.map`) });
  }
  chunks.sort((a, b) => b.kb - a.kb);
  return { kb: chunks.reduce((sum, c) => sum + c.kb, 0), files: chunks.length, chunks };
}

/** `/assets/creative-index-aZ_Z5Xz_.js` → `creative-index` (Vite's hash is 8 characters). */
function chunkName(path: string): string {
  return basename(path, '.js').replace(/-[\w-]{8}$/, '');
}

/**
 * The npm package that makes most of a chunk, by the length of its text in the source map (our own
 * files count as one source, ''): Rolldown names a shared chunk after one of its modules, so
 * `creative-index` is mostly Dexie and `routes` mostly react-router.
 */
async function largestSource(mapFile: string): Promise<string> {
  if (!existsSync(mapFile)) return '';
  const map = JSON.parse(await readFile(mapFile, 'utf8')) as { sources: string[]; sourcesContent?: string[] };
  const sizes = new Map<string, number>();
  map.sources.forEach((source, i) => {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1] ?? '';
    sizes.set(name, (sizes.get(name) ?? 0) + (map.sourcesContent?.[i]?.length ?? 0));
  });
  return [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** "index (react-dom) 75.0, creative-index (dexie) 31.1, …": what each chunk costs, the largest first. */
export function describeChunks(chunks: ScriptCost[]): string {
  return chunks.map((c) => `${c.chunk}${c.mostly ? ` (${c.mostly})` : ''} ${c.kb.toFixed(1)}`).join(', ');
}
