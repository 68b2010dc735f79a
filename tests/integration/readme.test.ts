/**
 * The README matches the tree: its data model names every collection the migrations create (and
 * nothing else but PocketBase's own `users`), its configuration table every variable the hooks
 * read (and "Going live" the ones a public server needs), and its folder map every top-level
 * folder of the repository and of src/.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { MAIL_ENV_NAMES } from '../../src/hooks/config/mail-settings.ts';
import { BACKUP_ENV_NAMES } from '../../src/hooks/config/server-settings.ts';
import { collectionsCreatedByMigrations } from './migration-collections.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The text under a `## title` heading, up to the next `## `. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${title}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

describe('README.md', () => {
  it('names in its data model every collection the migrations create, and no other', () => {
    const text = section('Data model');
    const named = new Set([...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
    const table = text
      .split('\n')
      .map((line) => /^\|\s*`([a-z_]+)`\s*\|/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    const created = collectionsCreatedByMigrations();
    expect(created.length).toBeGreaterThan(0);
    const missing = created.filter((name) => !named.has(name));
    expect(missing, 'collections the migrations create but the README does not name').toEqual([]);
    expect(table.filter((name) => !created.includes(name))).toEqual(['users']);
  });

  it('lists in its configuration table every variable the server reads, and the going-live ones', () => {
    const table = section('Configuration')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '')
      .join(' ');
    const listed = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
    // read by name, and the backup and mail settings read from their lists
    const read = new Set<string>([...BACKUP_ENV_NAMES, ...MAIL_ENV_NAMES]);
    const hooks = execFileSync('git', ['ls-files', 'src/hooks'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
    for (const file of hooks.filter((path) => path.endsWith('.ts'))) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const match of source.matchAll(/\b(?:env|positiveEnv)\('([A-Z][A-Z0-9_]+)'/g)) read.add(match[1]!);
      for (const match of source.matchAll(/: '(STRIPE_PRICE_[A-Z0-9_]+)'/g)) read.add(match[1]!);
    }
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    const goingLive = section('Going live');
    const live = [
      'ADSCOUT_BILLING',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'APP_URL',
      'TRUSTED_PROXY_HEADERS',
    ];
    live.push('BACKUP_CRON', 'BACKUP_MAX_KEEP', 'BACKUP_S3_*');
    live.push('SMTP_HOST', 'MAIL_FROM');
    expect(live.filter((name) => !goingLive.includes(`\`${name}\``))).toEqual([]);
  });

  it('has every top-level folder of the repository and of src/ in its folder map', () => {
    const map = /```\n([\s\S]*?)```/.exec(section('Folder map'))?.[1] ?? '';
    const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
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
