// `npm run normalize -- FILE [--country XX] [--keywords "a,b"] [--link URL] [--now ISO-DATE]`
// Replays a raw ad dataset through the normalizer of src/domain: an Apify dataset export (a JSON
// array, JSON lines, or its spreadsheet download as CSV, whose path-named columns such as
// `snapshot/body/text` or `snapshot.cards.0.title` are folded back into nested fields), a Graph
// API ads_archive page, or one ad; FILE may be `-` for stdin. Prints one result row per line as
// JSON on stdout and a summary on stderr (rows normalized, rows skipped per reason); exits 1 with
// a message when the input cannot be read or its options are wrong. `npm run -s normalize` keeps
// npm's banner out of stdout.
import { readFile } from 'node:fs/promises';
import { register } from 'tsx/esm/api';
import { messageOf } from './lib/run.mjs';

register();
const { parseDatasetFile } = await import('../src/domain/ads/dataset-file.ts');
const { normalizeAd } = await import('../src/domain/ads/normalize/normalize-ad.ts');
const { resolveScoutQuery } = await import('../src/domain/ads/ad-library-link.ts');
const { splitKeywords } = await import('../src/domain/text/text.ts');

const USAGE =
  'usage: npm run normalize -- FILE.json|FILE.csv [--country XX] [--keywords "a,b"] [--link AD_LIBRARY_URL] [--now YYYY-MM-DD]';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`normalize: ${message}\n`);
  process.exit(1);
}

/**
 * Reads FILE and the options; a value-taking option without its value is an error.
 * @param {string[]} argv
 */
function parseArgs(argv) {
  const options = { file: '', country: '', keywords: '', link: '', now: '' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? (eq > 0 ? arg.slice(2, eq) : arg.slice(2)) : '';
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (name === 'country' || name === 'keywords' || name === 'link' || name === 'now') {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) fail(`--${name} needs a value\n${USAGE}`);
      options[name] = value;
    } else if (arg.startsWith('--')) {
      fail(`unknown option ${arg}\n${USAGE}`);
    } else if (!options.file) {
      options.file = arg;
    } else {
      fail(`only one FILE is read, got "${options.file}" and "${arg}"\n${USAGE}`);
    }
  }
  if (!options.file) fail(`no FILE given\n${USAGE}`);
  return options;
}

/**
 * @param {string} file a path, or '-' for stdin
 * @returns {Promise<string>}
 */
async function readInput(file) {
  if (file !== '-') return readFile(file, 'utf8');
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const options = parseArgs(process.argv.slice(2));

const country = options.country.trim().toUpperCase();
if (country && !/^([A-Z]{2}|ALL)$/.test(country))
  fail(`--country must be an ISO-2 code or ALL, got "${options.country}"`);

let now = Date.now();
if (options.now) {
  now = Date.parse(options.now);
  if (!Number.isFinite(now)) fail(`--now must be a date such as 2025-04-17, got "${options.now}"`);
}

let context = { country, keywords: splitKeywords(options.keywords).join(', '), now };
if (options.link) {
  const resolved = resolveScoutQuery(options.link, {
    target_country: country,
    keywords_used: options.keywords,
  });
  if (!resolved.ok) fail(`--link: ${resolved.error}`);
  context = { ...context, country: resolved.query.country, keywords: resolved.query.keywords.join(', ') };
}

let text;
try {
  text = await readInput(options.file);
} catch (error) {
  fail(`cannot read ${options.file}: ${messageOf(error)}`);
}
const dataset = parseDatasetFile(text);
if (!dataset.ok) fail(`cannot read ${options.file}: ${dataset.error}`);

// Piping into `head` closes stdout early: stop quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const skipped = new Map();
const ids = new Set();
let normalized = 0;
let duplicates = 0;
let buffer = [];
for (const raw of dataset.items) {
  const outcome = normalizeAd(raw, context);
  if (!outcome.ok) {
    skipped.set(outcome.reason, (skipped.get(outcome.reason) ?? 0) + 1);
    continue;
  }
  normalized++;
  if (ids.has(outcome.ad.ad_id)) duplicates++;
  ids.add(outcome.ad.ad_id);
  buffer.push(JSON.stringify(outcome.ad));
  if (buffer.length >= 500) {
    process.stdout.write(`${buffer.join('\n')}\n`);
    buffer = [];
  }
}
if (buffer.length > 0) process.stdout.write(`${buffer.join('\n')}\n`);

const skippedTotal = [...skipped.values()].reduce((a, b) => a + b, 0);
const reasons = [...skipped].map(([reason, n]) => `${reason}: ${n}`).join(', ');
process.stderr.write(
  `normalize: ${dataset.items.length} items (${dataset.format}); ${normalized} rows normalized` +
    (duplicates ? ` (${duplicates} repeat an earlier ad id)` : '') +
    `; ${skippedTotal} skipped${reasons ? ` (${reasons})` : ''}\n`,
);
