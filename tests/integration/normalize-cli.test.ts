/**
 * `npm run normalize` as a user runs it: the real CLI (npm → scripts/normalize.mjs → tsx →
 * src/domain) on the datasets of tests/fixtures/ad-library, checking the rows it prints and its
 * summary line; and the spreadsheet download of each dataset (path-named columns with '/' or
 * '.', indexed arrays, comma or semicolon) must give the same rows as the JSON.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normalizeAd, type NormalizedAd } from '../../src/domain/ads/normalize/normalize-ad.ts';
import { parseRawDataset } from '../../src/domain/ads/raw-dataset.ts';
import { ROOT } from '../../scripts/lib/stack.mjs';
import { npm } from './commands.ts';
import { datasetCsv, type DatasetCsvOptions } from '../fixtures/dataset-csv.ts';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'ad-library');
const NOW = '2025-04-17';
const CONTEXT = ['--country', 'de', '--keywords', ' dog toys , chew ', '--now', NOW];

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run --silent normalize -- …args` (--silent: npm's own banner would share stdout). */
async function normalizeCli(args: string[], stdin?: string): Promise<CliRun> {
  const run = npm(['run', '--silent', 'normalize', '--', ...args], stdin === undefined ? {} : { stdin });
  const { code } = await run.exited;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

function rowsOf(run: CliRun): NormalizedAd[] {
  return run.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as NormalizedAd);
}

/** What the normalizer makes of a fixture in-process, with the CLI's context. */
async function expectedRows(file: string): Promise<NormalizedAd[]> {
  const dataset = parseRawDataset(await readFile(join(FIXTURES, file), 'utf8'));
  if (!dataset.ok) throw new Error(dataset.error);
  return dataset.items.flatMap((item) => {
    const result = normalizeAd(item, { keywords: 'dog toys, chew', country: 'DE', now: Date.parse(NOW) });
    return result.ok ? [result.ad] : [];
  });
}

const dir = mkdtempSync(join(tmpdir(), 'adscout-normalize-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run normalize on the JSON fixtures', () => {
  it('prints one row per ad of an Apify dataset and the summary line', async () => {
    const run = await normalizeCli([join(FIXTURES, 'curious-coder.json'), ...CONTEXT]);
    expect(run.stderr).toBe('normalize: 7 items (json); 7 rows normalized; 0 skipped\n');
    expect(run.code).toBe(0);
    const rows = rowsOf(run);
    expect(rows).toEqual(await expectedRows('curious-coder.json'));
    expect(rows.map((row) => row.ad_id)).toEqual([
      '557749506622153',
      '1187203345629918',
      '903355718821467',
      '1342268390512347',
      '748190224577301',
      '620011457739984',
      '455120987712001',
    ]);
    expect(rows[0]).toMatchObject({
      country: 'DE',
      keywords: 'dog toys, chew',
      store_name: 'curvy-faja.com',
      platforms: 'FACEBOOK, INSTAGRAM, AUDIENCE_NETWORK, MESSENGER',
    });
  });

  it('reads a Graph API page and camelCase actor output', async () => {
    const [graph, camel] = await Promise.all([
      normalizeCli([join(FIXTURES, 'graph-ads-archive.json'), ...CONTEXT]),
      normalizeCli([join(FIXTURES, 'apify-camel-case.json'), ...CONTEXT]),
    ]);
    expect(graph.stderr).toBe('normalize: 3 items (json); 3 rows normalized; 0 skipped\n');
    expect(rowsOf(graph)).toEqual(await expectedRows('graph-ads-archive.json'));
    expect(rowsOf(graph).map((row) => row.store_name)).toEqual([
      'hausfreude-shop.de',
      'Hausfreude',
      'Hausfreude',
    ]);
    expect(camel.stderr).toBe('normalize: 2 items (json); 2 rows normalized; 0 skipped\n');
    expect(rowsOf(camel)).toEqual(await expectedRows('apify-camel-case.json'));
    expect(graph.code).toBe(0);
    expect(camel.code).toBe(0);
  });

  it('reads a Graph API page of 2019 (API v3), whose records carry their id only in ad_snapshot_url', async () => {
    const run = await normalizeCli([join(FIXTURES, 'graph-ads-archive-2019.json'), ...CONTEXT]);
    expect(run.stderr).toBe('normalize: 2 items (json); 2 rows normalized; 0 skipped\n');
    expect(run.code).toBe(0);
    expect(rowsOf(run)).toEqual(await expectedRows('graph-ads-archive-2019.json'));
    expect(rowsOf(run).map((row) => [row.ad_id, row.ad_library_url])).toEqual([
      ['2187654321098765', 'https://www.facebook.com/ads/library/?id=2187654321098765'],
      ['2290011223344556', 'https://www.facebook.com/ads/library/?id=2290011223344556'],
    ]);
    expect(run.stdout).not.toContain('access_token');
  });

  it('counts what it skips, per reason, and prints nothing for those items', async () => {
    const run = await normalizeCli([join(FIXTURES, 'hostile.json'), ...CONTEXT]);
    expect(run.stderr).toBe(
      'normalize: 10 items (json); 2 rows normalized; 8 skipped ' +
        '(missing ad id: 3, invalid ad id: 2, not an object: 3)\n',
    );
    expect(run.code).toBe(0);
    expect(rowsOf(run).map((row) => row.ad_id)).toEqual(['912345678901234', '777000111222333']);
    expect(rowsOf(run)).toEqual(await expectedRows('hostile.json'));
  });

  it('reads JSON lines from stdin and takes the country and keywords of an Ad Library link', async () => {
    const items = JSON.parse(await readFile(join(FIXTURES, 'apify-camel-case.json'), 'utf8')) as unknown[];
    const link =
      'https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=FR&q=led%20mask';
    const run = await normalizeCli(
      ['-', '--link', link, '--now', NOW],
      items.map((i) => JSON.stringify(i)).join('\n'),
    );
    expect(run.stderr).toBe('normalize: 2 items (jsonl); 2 rows normalized; 0 skipped\n');
    expect(rowsOf(run).map((row) => [row.country, row.keywords])).toEqual([
      ['FR', 'led mask'],
      ['FR', 'led mask'],
    ]);
  });

  it('writes thousands of rows in order, and stops quietly when its reader goes away', async () => {
    const items = JSON.parse(await readFile(join(FIXTURES, 'curious-coder.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    const many = Array.from({ length: 1200 }, (_, i) => ({
      ...items[i % items.length],
      ad_archive_id: String(9e14 + i),
    }));
    const file = join(dir, 'many.json');
    await writeFile(file, JSON.stringify(many));
    const run = await normalizeCli([file, ...CONTEXT]);
    expect(run.stderr).toBe('normalize: 1200 items (json); 1200 rows normalized; 0 skipped\n');
    expect(rowsOf(run).map((row) => row.ad_id)).toEqual(many.map((item) => item.ad_archive_id));

    // `… | head -1`: the reader closes after the first line
    const head = await new Promise<{ code: number | null; firstLine: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/normalize.mjs', file], { cwd: ROOT });
      let stdout = '';
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        if (stdout.includes('\n')) child.stdout.destroy();
      });
      child.on('close', (code) => resolve({ code, firstLine: stdout.split('\n')[0]!, stderr }));
    });
    // no EPIPE crash: exit code 0, and nothing on stderr but (at most) the summary
    expect(head.code).toBe(0);
    expect(JSON.parse(head.firstLine)).toMatchObject({ ad_id: '900000000000000' });
    expect(head.stderr).not.toMatch(/EPIPE|Error/);
  });

  it('prints its usage, and refuses unknown options and a second file', async () => {
    const [help, unknown, two] = await Promise.all([
      normalizeCli(['--help']),
      normalizeCli(['--limit', '5', 'x.json']),
      normalizeCli(['a.json', 'b.json']),
    ]);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^usage: npm run normalize -- FILE\.json\|FILE\.csv /);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^normalize: unknown option --limit\nusage: /);
    expect(two.code).toBe(1);
    expect(two.stderr).toMatch(/^normalize: only one FILE is read, got "a\.json" and "b\.json"\nusage: /);
  });

  it('exits 1 with a message on a bad option or an unreadable file', async () => {
    const [country, missing, broken] = await Promise.all([
      normalizeCli([join(FIXTURES, 'hostile.json'), '--country', 'Germany']),
      normalizeCli([join(dir, 'nope.json')]),
      normalizeCli(['-'], '[{"ad_archive_id": "1"},'),
    ]);
    expect(country).toMatchObject({ code: 1, stdout: '' });
    expect(country.stderr).toBe('normalize: --country must be an ISO-2 code or ALL, got "Germany"\n');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^normalize: cannot read .*nope\.json: ENOENT/);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toBe(
      'normalize: cannot read -: The dataset is neither JSON nor JSON lines: line 1 is not valid JSON.\n',
    );
  });
});

describe('npm run normalize on the spreadsheet download of each fixture', () => {
  const variants: Array<[string, DatasetCsvOptions]> = [
    ['"/" paths, commas, BOM', { separator: '/', bom: true }],
    ['"." paths, semicolons', { separator: '.', delimiter: ';' }],
  ];
  const fixtures = [
    'curious-coder.json',
    'apify-camel-case.json',
    'graph-ads-archive.json',
    'graph-ads-archive-2019.json',
    'hostile.json',
  ];

  for (const [label, options] of variants) {
    it(`gives the same rows as the JSON (${label})`, async () => {
      const runs = await Promise.all(
        fixtures.map(async (fixture) => {
          const dataset = parseRawDataset(await readFile(join(FIXTURES, fixture), 'utf8'));
          if (!dataset.ok) throw new Error(dataset.error);
          const csvFile = join(dir, `${fixture}-${options.separator === '/' ? 'slash' : 'dot'}.csv`);
          await writeFile(csvFile, datasetCsv(dataset.items, options));
          return { fixture, run: await normalizeCli([csvFile, ...CONTEXT]) };
        }),
      );
      for (const { fixture, run } of runs) {
        expect(run.code, `${fixture}: ${run.stderr}`).toBe(0);
        expect(rowsOf(run), fixture).toEqual(await expectedRows(fixture));
      }
      const summaries = Object.fromEntries(runs.map(({ fixture, run }) => [fixture, run.stderr]));
      expect(summaries).toEqual({
        'curious-coder.json': 'normalize: 7 items (csv); 7 rows normalized; 0 skipped\n',
        'apify-camel-case.json': 'normalize: 2 items (csv); 2 rows normalized; 0 skipped\n',
        'graph-ads-archive.json': 'normalize: 3 items (csv); 3 rows normalized; 0 skipped\n',
        'graph-ads-archive-2019.json': 'normalize: 2 items (csv); 2 rows normalized; 0 skipped\n',
        // no row for the three items that are not objects, and '{}' and '{"ad_archive_id": ""}'
        // are empty lines, which a CSV reader passes over
        'hostile.json':
          'normalize: 5 items (csv); 2 rows normalized; 3 skipped (invalid ad id: 2, missing ad id: 1)\n',
      });
    });
  }

  it('reads the nested and indexed fields back (snapshot/cards/0/…, publisher_platform/1)', async () => {
    const dataset = parseRawDataset(await readFile(join(FIXTURES, 'curious-coder.json'), 'utf8'));
    if (!dataset.ok) throw new Error(dataset.error);
    const csv = datasetCsv(dataset.items, { separator: '/' });
    const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0]!;
    // the generated file really has the shapes the reader must fold back
    expect(header).toContain('snapshot/body/text');
    expect(header).toMatch(/snapshot\/cards\/0\/title/);
    expect(header).toContain('publisher_platform/1');
  });
});
