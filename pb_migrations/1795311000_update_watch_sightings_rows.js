/// <reference path="../pb_data/types.d.ts" />
// A watch's sightings keep what a report reads of their rows (docs/reports.md#what-a-report-reads):
// the wire columns of REPORT_WIRE_COLUMNS (src/domain/reports/report-contract.ts) but the row's id
// (`row`), its ad id and the creative's phash, the row's `created` as `row_created`. A report's
// `history` page is then one range of the sightings instead of one look-up per ad among 50,000
// scattered rows (docs/benchmarks/reports.md). Kept by src/hooks/reports/sightings.ts when a
// watch run completes; `creative` follows the row's when the archive links it
// (src/hooks/media/tasks.ts, archiveTask, on the (user, ad_id) index). The sightings kept so far
// get their rows' values here; a sighting whose row is gone (its run deleted with its search) is
// dropped, as the history page left it out.
const COLUMNS = [
  'page_id',
  'store_name',
  'title',
  'product_link',
  'start_date',
  'end_date',
  'active_status',
  'days_running',
  'winning_score',
  'creative',
  'is_new',
];

migrate(
  (app) => {
    const sightings = app.findCollectionByNameOrId('watch_sightings');
    sightings.fields.add(
      new TextField({ name: 'page_id', max: 64 }),
      new TextField({ name: 'store_name', max: 500 }),
      new TextField({ name: 'title', max: 2000 }),
      new TextField({ name: 'product_link', max: 4000 }),
      new DateField({ name: 'start_date' }),
      new DateField({ name: 'end_date' }),
      new TextField({ name: 'active_status', max: 20 }),
      new NumberField({ name: 'days_running', onlyInt: true, min: 0 }),
      new NumberField({ name: 'winning_score', min: 0 }),
      new TextField({ name: 'creative', max: 15 }),
      new DateField({ name: 'row_created' }),
      new BoolField({ name: 'is_new' }),
    );
    sightings.indexes = [
      'CREATE UNIQUE INDEX idx_watch_sightings_watch_ad ON watch_sightings (watch, ad_id)',
      'CREATE INDEX idx_watch_sightings_user_ad ON watch_sightings (user, ad_id)',
    ];
    app.save(sightings);
    app
      .db()
      .newQuery(
        'DELETE FROM watch_sightings WHERE NOT EXISTS (SELECT 1 FROM search_results r WHERE r.id = watch_sightings.row)',
      )
      .execute();
    app
      .db()
      .newQuery(
        `UPDATE watch_sightings SET (${COLUMNS.join(', ')}, row_created) = ` +
          `(SELECT ${COLUMNS.map((column) => `r.${column}`).join(', ')}, r.created FROM search_results r WHERE r.id = watch_sightings.row)`,
      )
      .execute();
  },
  (app) => {
    const sightings = app.findCollectionByNameOrId('watch_sightings');
    for (const name of COLUMNS.concat(['row_created'])) sightings.fields.removeByName(name);
    sightings.indexes = [
      'CREATE UNIQUE INDEX idx_watch_sightings_watch_ad ON watch_sightings (watch, ad_id)',
      'CREATE INDEX idx_watch_sightings_user ON watch_sightings (user)',
    ];
    app.save(sightings);
  },
);
