/**
 * The JavaScript a page fetched, and its gzipped size as the build holds it (PocketBase serves the
 * files as they are): the first-download figures of pwa.bench.ts and share-page.bench.ts.
 */
import type { Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

export async function gzippedKb(paths: Iterable<string>): Promise<{ kb: number; files: number }> {
  let bytes = 0;
  let files = 0;
  for (const path of paths) {
    if (path === '/sw.js' || path.startsWith('/workbox-')) continue; // the service worker's own files
    const file = join(webBuildDir(), path);
    if (!existsSync(file)) continue;
    bytes += gzipSync(await readFile(file), { level: 9 }).length;
    files += 1;
  }
  return { kb: bytes / 1024, files };
}
