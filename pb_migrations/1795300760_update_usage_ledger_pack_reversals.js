/// <reference path="../pb_data/types.d.ts" />
// A refunded or disputed credit pack is taken back (docs/going-live.md): `addon_revoke` removes what the
// refund or lost dispute takes, `addon_restore` gives it back when the dispute is won. Both carry
// the pack's checkout session, read by index with its grant.
const ADDED_KINDS = ['addon_revoke', 'addon_restore'];
const INDEX = 'idx_usage_ledger_checkout_session';

migrate(
  (app) => {
    const ledger = app.findCollectionByNameOrId('usage_ledger');
    const kind = ledger.fields.getByName('kind');
    kind.values = [...kind.values, ...ADDED_KINDS];
    ledger.indexes = [
      ...ledger.indexes,
      `CREATE INDEX ${INDEX} ON usage_ledger (checkout_session) WHERE checkout_session != ''`,
    ];
    app.save(ledger);
  },
  (app) => {
    // rows of the removed kinds would no longer be valid records
    for (const name of ADDED_KINDS) {
      app.db().newQuery('DELETE FROM usage_ledger WHERE kind = {:kind}').bind({ kind: name }).execute();
    }
    const ledger = app.findCollectionByNameOrId('usage_ledger');
    const kind = ledger.fields.getByName('kind');
    kind.values = kind.values.filter((value) => ADDED_KINDS.indexOf(value) < 0);
    ledger.indexes = ledger.indexes.filter((index) => index.indexOf(INDEX) < 0);
    app.save(ledger);
  },
);
