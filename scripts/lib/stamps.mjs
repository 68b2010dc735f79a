// Whether a step's output is current: a hash of its inputs, kept beside the output as a stamp.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './paths.mjs';

/** @param {string[]} paths */
export function hashFiles(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(relative(ROOT, path));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * The files under `dir`, test files left out, in a stable order.
 * @param {string} dir
 * @param {string[]} [out]
 */
export function listFiles(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, out);
    else if (!/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** @param {string} path */
export function readStamp(path) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}
