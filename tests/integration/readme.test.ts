/**
 * The README and docs/ match the tree: the data model names every collection the migrations create
 * (and nothing else but PocketBase's own `users`), the configuration table every variable the hooks
 * and the worker read (and "Going live" the ones a public server needs), the README's folder map every top-level
 * folder of the repository and of src/, and the invariants page only tests that exist. Every
 * relative link resolves to a file and, with an anchor, to one of its headings; every repository
 * path the docs name in backticks exists.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { AI_ENV_NAMES } from '../../src/hooks/config/ai-settings.ts';
import { MAIL_ENV_NAMES } from '../../src/hooks/config/mail-settings.ts';
import { BACKUP_ENV_NAMES } from '../../src/hooks/config/server-settings.ts';
import { STORAGE_ENV_NAMES } from '../../src/hooks/config/storage-settings.ts';
import { collectionsCreatedByMigrations } from './migration-collections.ts';

const README_LINES_MAX = 200;

function read(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
/** README.md, deploy/README.md and every page of docs/, as repository paths. */
const PAGES = [
  'README.md',
  'deploy/README.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name.split('\\').join('/')}`)
    .sort(),
];

/** The text of a page with its fenced code blocks blanked out (their lines kept). */
function prose(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page's headings make, numbered as GitHub numbers repeated ones. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(text).split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = headingAnchor(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The text under a `## title` heading of a page, up to the next `## `. */
function section(page: string, title: string): string {
  const text = read(page);
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${page} has no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The variables the configuration table lists (its first column). */
function listedVariables(): Set<string> {
  const table = section('docs/configuration.md', 'Variables')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|')[1] ?? '')
    .join(' ');
  return new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!));
}

describe('the docs', () => {
  it('name in the data model every collection the migrations create, and no other', () => {
    const text = section('docs/data-model.md', 'Collections');
    const named = new Set([...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
    const table = text
      .split('\n')
      .map((line) => /^\|\s*`([a-z_]+)`\s*\|/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    const created = collectionsCreatedByMigrations();
    expect(created.length).toBeGreaterThan(0);
    const missing = created.filter((name) => !named.has(name));
    expect(missing, 'collections the migrations create but the data model does not name').toEqual([]);
    // literal: the name the page shows its reader (a docs test, not a use of the collection table)
    expect(table.filter((name) => !created.includes(name))).toEqual(['users']);
  });

  it('list in the configuration table every variable the server reads, and the going-live ones', () => {
    const listed = listedVariables();
    // read by name, and the backup, storage, mail and AI settings read from their lists
    const read = new Set<string>([
      ...BACKUP_ENV_NAMES,
      ...STORAGE_ENV_NAMES,
      ...MAIL_ENV_NAMES,
      ...AI_ENV_NAMES,
    ]);
    const hooks = tracked.filter((path) => path.startsWith('src/hooks/') && path.endsWith('.ts'));
    for (const file of hooks) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const match of source.matchAll(/\b(?:env|positiveEnv)\('([A-Z][A-Z0-9_]+)'/g)) read.add(match[1]!);
      for (const match of source.matchAll(/: '(STRIPE_PRICE_[A-Z0-9_]+)'/g)) read.add(match[1]!);
    }
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    const goingLive = readFileSync(join(ROOT, 'docs/going-live.md'), 'utf8');
    const live = [
      'ADSCOUT_BILLING',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'APP_URL',
      'TRUSTED_PROXY_HEADERS',
      'BACKUP_CRON',
      'BACKUP_MAX_KEEP',
      'BACKUP_S3_*',
      'SMTP_HOST',
      'MAIL_FROM',
    ];
    expect(live.filter((name) => !goingLive.includes(`\`${name}\``))).toEqual([]);
  });

  it('list in the configuration table every variable the worker reads, all read in src/worker/config.ts', () => {
    const listed = listedVariables();
    const read = new Set<string>();
    const readers = new Set<string>();
    const worker = tracked.filter((path) => /^src\/worker\/.*\.ts$/.test(path) && !path.endsWith('.test.ts'));
    for (const file of worker) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"`]([A-Z][A-Z0-9_]+)/g)) {
        read.add((match[1] ?? match[2])!);
        readers.add(file);
      }
      if (/\bprocess\.env\b/.test(source)) readers.add(file);
    }
    expect(read).toContain('SCOUT_HEARTBEAT_MS');
    expect(read.size).toBeGreaterThan(15);
    expect([...readers]).toEqual(['src/worker/config.ts']);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('number the invariants in order and name only tests that exist', () => {
    const text = read('docs/invariants.md');
    const numbers = [...text.matchAll(/^## Invariant (\d+): /gm)].map((match) => Number(match[1]));
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const problems: string[] = [];
    let named = 0;
    for (const line of text.split('\n')) {
      const cited = /^- `([^`]+\.(?:test|e2e)\.ts)`: (.*)$/.exec(line);
      if (!cited) continue;
      const [, file, names] = cited;
      if (!existsSync(join(ROOT, file!))) {
        problems.push(`${file}: no such file`);
        continue;
      }
      const source = readFileSync(join(ROOT, file!), 'utf8');
      for (const [, name] of names!.matchAll(/"([^"]+)"/g)) {
        named++;
        if (!source.includes(name!)) problems.push(`${file}: no test "${name}"`);
      }
    }
    expect(named).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('link only to files and headings that exist', () => {
    expect(PAGES).toContain('docs/architecture.md');
    const broken: string[] = [];
    for (const page of PAGES) {
      const text = prose(read(page)).replace(/`[^`\n]*`/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const file = path ? normalize(join(dirname(page), decodeURIComponent(path))) : page;
        if (file.startsWith('..') || !existsSync(join(ROOT, file))) {
          broken.push(`${page}: ${target} (no file ${file})`);
          continue;
        }
        if (anchor === undefined || !file.endsWith('.md')) continue;
        if (!anchorsOf(read(file)).has(anchor)) broken.push(`${page}: ${target} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name only repository paths that exist', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const [, span] of prose(read(page)).matchAll(/`([^`\n]+)`/g)) {
        const path =
          /^(?:src|tests|scripts|pb_hooks|pb_migrations|deploy|public|eslint-rules|docs|\.ci)\/[\w./@-]*$/.exec(
            span!,
          )?.[0];
        if (path && !existsSync(join(ROOT, path))) missing.push(`${page}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('README.md', () => {
  const readme = read('README.md');

  it(`is at most ${README_LINES_MAX} lines, starting with the two commands`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_LINES_MAX);
    const headings = [...readme.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
    expect(headings[0]).toBe('The two commands');
  });

  it('links to every page of docs/, and each page of a folder docs/<name>/ is linked from docs/<name>.md', () => {
    const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((match) => match[1]));
    const pages = PAGES.filter((page) => page.startsWith('docs/'));
    const top = pages.filter((page) => page.split('/').length === 2);
    expect(top.filter((page) => !linked.has(page))).toEqual([]);
    const unlinked = pages
      .filter((page) => page.split('/').length === 3)
      .filter((page) => {
        const [, folder, name] = page.split('/');
        const index = `docs/${folder}.md`;
        return !existsSync(join(ROOT, index)) || !read(index).includes(`](${folder}/${name})`);
      });
    expect(unlinked).toEqual([]);
  });

  it('has every top-level folder of the repository and of src/ in its folder map', () => {
    const map = /```\n([\s\S]*?)```/.exec(section('README.md', 'Folder map'))?.[1] ?? '';
    const folders = new Set<string>();
    for (const path of tracked) {
      const parts = path.split('/');
      if (parts.length < 2 || parts[0]!.startsWith('.')) continue;
      folders.add(parts[0] === 'src' && parts.length > 2 ? `src/${parts[1]}/` : `${parts[0]}/`);
    }
    folders.delete('src/');
    const listed = new Set(map.split('\n').map((line) => /^(\S+\/)\s/.exec(line)?.[1]));
    expect([...folders].filter((folder) => !listed.has(folder)).sort()).toEqual([]);
  });
});
