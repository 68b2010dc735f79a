/// <reference path="../pb_data/types.d.ts" />
// The report mails' queue (docs/reports.md#exactly-once): one record per digest period or per
// report (`each`), unique (user, period): the digest job creates it in the transaction that
// moves the user's next_digest_at on, claims it in a transaction before sending, and marks it
// sent once the mailer took it. `message_id` is fixed when it is created, so a retry after an
// ambiguous failure sends the same Message-ID. No rule: superusers only (src/hooks/digest).
// `user` cascades: deleting an account deletes its pending report mail.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    app.save(
      new Collection({
        type: 'base',
        name: 'report_mails',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
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
          { type: 'select', name: 'kind', values: ['digest', 'each'], maxSelect: 1, required: true },
          { type: 'text', name: 'period', required: true, max: 100 },
          { type: 'json', name: 'reports', maxSize: 100000 },
          { type: 'text', name: 'message_id', required: true, max: 300 },
          {
            type: 'select',
            name: 'status',
            values: ['pending', 'sending', 'sent', 'failed', 'canceled'],
            maxSelect: 1,
            required: true,
          },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'date', name: 'next_attempt_at' },
          { type: 'text', name: 'lease_owner', max: 64 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'date', name: 'sent_at' },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_report_mails_period ON report_mails (user, period)',
          'CREATE INDEX idx_report_mails_due ON report_mails (status, next_attempt_at)',
          'CREATE INDEX idx_report_mails_updated ON report_mails (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('report_mails'));
  },
);
