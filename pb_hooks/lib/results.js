/**
 * Result writes from the worker (ARCHITECTURE §5 step 6): idempotent on (run, ad_id), capped at
 * the run's requested count (which is what its reservation holds), each row flagged `is_new`
 * when the user has not collected that ad in an earlier run (invariant 4: only new ads are
 * charged). Rows go in with one INSERT each inside one transaction: record saves would cost a
 * validation pass and a realtime broadcast per row, and nobody subscribes to result rows (the
 * run's progress is what clients watch).
 */
const lease = require(`${__hooks}/lib/lease.js`);

const TEXT_FIELDS = [
  'active_status',
  'keywords',
  'country',
  'store_name',
  'title',
  'category',
  'format',
  'platforms',
  'page_profile_url',
  'ad_library_url',
  'product_link',
  'caption',
  'cta_text',
  'body',
  'cta_type',
  'link_description',
  'age_ranges',
  'page_id',
  'gender_audience',
  'media_url',
];
const URL_FIELDS = ['page_profile_url', 'ad_library_url', 'product_link', 'media_url'];
const INT_FIELDS = ['reach', 'page_likes', 'collation_count', 'days_running'];
const DATE_FIELDS = ['start_date', 'end_date'];
const PB_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const MAX_ROWS_PER_REQUEST = 1000;

function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

/** The collection's own text limits, so the migration stays the one place they are set. */
function textLimits(app) {
  const limits = {};
  const collection = app.findCollectionByNameOrId('search_results');
  for (const name of TEXT_FIELDS) {
    const field = collection.fields.getByName(name);
    limits[name] = field && field.max ? field.max : 5000;
  }
  return limits;
}

function cleanRow(raw, limits, isHttpUrl) {
  if (!raw || typeof raw !== 'object') return null;
  const adId =
    typeof raw.ad_id === 'string' ? raw.ad_id.trim() : typeof raw.ad_id === 'number' ? String(raw.ad_id) : '';
  if (!adId || adId.length > 64) return null;
  const row = { ad_id: adId };
  for (const name of TEXT_FIELDS) {
    const value = raw[name];
    let text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    if (text.length > limits[name]) text = text.slice(0, limits[name]);
    if (URL_FIELDS.indexOf(name) >= 0 && text && !isHttpUrl(text)) text = '';
    row[name] = text;
  }
  for (const name of INT_FIELDS) {
    const value = Number(raw[name]);
    row[name] = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  }
  for (const name of DATE_FIELDS) {
    const value = typeof raw[name] === 'string' ? raw[name] : '';
    row[name] = PB_DATE.test(value) ? value : '';
  }
  const score = Number(raw.winning_score);
  row.winning_score = Number.isFinite(score) && score > 0 ? Math.min(score, 100) : 0;
  return row;
}

const COLUMNS = ['id', 'run', 'user', 'is_new', 'created', 'updated', 'ad_id', 'winning_score'].concat(
  TEXT_FIELDS,
  INT_FIELDS,
  DATE_FIELDS,
);
const INSERT =
  `INSERT INTO search_results (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `{:${c}}`).join(', ')}) ` +
  'ON CONFLICT (run, ad_id) DO NOTHING';
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Stores a batch of normalized rows for a run the worker holds. Returns how many rows the run
 * now has, how many of this batch were new to the run, and whether the run is full.
 */
function write(runId, workerName, rows) {
  if (!Array.isArray(rows)) throw new BadRequestError('rows must be a list.');
  if (rows.length > MAX_ROWS_PER_REQUEST)
    throw new BadRequestError(`At most ${MAX_ROWS_PER_REQUEST} rows per request.`);
  const isHttpUrl = domain().isHttpUrl;
  let outcome = null;
  $app.runInTransaction((txApp) => {
    const run = lease.requireLease(txApp, runId, workerName);
    const limits = textLimits(txApp);
    const user = run.getString('user');
    const cap = run.getInt('requested_count');
    let stored = lease.storedCount(txApp, runId);
    let inserted = 0;
    let rejected = 0;
    const now = new DateTime().string();
    for (const raw of rows) {
      if (stored >= cap) break;
      const row = cleanRow(raw, limits, isHttpUrl);
      if (!row) {
        rejected++;
        continue;
      }
      const earlier = new DynamicModel({ n: 0 });
      txApp
        .db()
        .newQuery(
          'SELECT COUNT(*) AS n FROM search_results WHERE user = {:user} AND ad_id = {:ad} AND run != {:run}',
        )
        .bind({ user: user, ad: row.ad_id, run: runId })
        .one(earlier);
      row.id = $security.randomStringWithAlphabet(15, ID_ALPHABET);
      row.run = runId;
      row.user = user;
      row.is_new = earlier.n === 0;
      row.created = now;
      row.updated = now;
      const result = txApp.db().newQuery(INSERT).bind(row).execute();
      if (result.rowsAffected() > 0) {
        inserted++;
        stored++;
      }
    }
    run.set('progress', stored);
    run.set('lease_expires_at', new DateTime().add(lease.leaseSeconds() * 1e9).string());
    txApp.save(run);
    outcome = { stored: stored, inserted: inserted, rejected: rejected, full: stored >= cap };
  });
  return outcome;
}

module.exports = { write, cleanRow, TEXT_FIELDS };
