/// <reference path="../pb_data/types.d.ts" />
// A user's report mail settings (docs/reports.md#email), one per user: `email` (off, each, daily,
// weekly), `send_hour` (0–23) and `time_zone` (an IANA name), all optional. The owner lists and
// views their own, creates theirs and changes it; nobody deletes one (`user` cascades: deleting
// the account deletes it). The server alone writes when the next digest goes out and when the last
// went (the rules refuse both in a body, as watches' next_run_at); the create/update hook
// (src/hooks/digest/settings.ts) checks the fields with a 400 naming the field and computes
// `next_digest_at`. Existing users with a watch get `daily` (issue 34: the default once a user has
// a watch), 07:00 UTC, due at the next 07:00 UTC.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const serverFieldsUnset = ['next_digest_at', 'last_digest_at']
      .map((f) => `@request.body.${f}:isset = false`)
      .join(' && ');
    const collection = new Collection({
      type: 'base',
      name: 'report_settings',
      listRule: own,
      viewRule: own,
      createRule: `@request.auth.id != "" && @request.auth.collectionName = "users" && @request.body.user = @request.auth.id && ${serverFieldsUnset}`,
      updateRule: `${own} && (@request.body.user:isset = false || @request.body.user = @request.auth.id) && ${serverFieldsUnset}`,
      deleteRule: null,
      fields: [
        {
          type: 'relation',
          name: 'user',
          collectionId: users.id,
          maxSelect: 1,
          required: true,
          cascadeDelete: true,
        },
        { type: 'select', name: 'email', values: ['off', 'each', 'daily', 'weekly'], maxSelect: 1 },
        { type: 'number', name: 'send_hour', onlyInt: true, min: 0, max: 23 },
        { type: 'text', name: 'time_zone', max: 64 },
        { type: 'date', name: 'next_digest_at' },
        { type: 'date', name: 'last_digest_at' },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_report_settings_user ON report_settings (user)',
        'CREATE INDEX idx_report_settings_due ON report_settings (next_digest_at)',
        'CREATE INDEX idx_report_settings_updated ON report_settings (updated)',
      ],
    });
    app.save(collection);

    // the next 07:00 UTC, written as PocketBase stores dates
    const now = new Date();
    const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 7));
    if (due.getTime() <= now.getTime()) due.setTime(due.getTime() + 86400000);
    const dueText = due.toISOString().replace('T', ' ');
    const owners = arrayOf(new DynamicModel({ user: '' }));
    app.db().newQuery('SELECT DISTINCT user FROM watches').all(owners);
    for (const owner of owners) {
      const record = new Record(collection);
      record.set('user', owner.user);
      record.set('email', 'daily');
      record.set('send_hour', 7);
      record.set('time_zone', 'UTC');
      record.set('next_digest_at', dueText);
      app.save(record);
    }
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('report_settings'));
  },
);
