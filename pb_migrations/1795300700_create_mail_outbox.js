/// <reference path="../pb_data/types.d.ts" />
// Mails captured when no SMTP server is configured (a local trial): PocketBase's mailer hook
// stores them here instead of sending. They hold password-reset and email-change tokens, so only
// superusers read them (the admin UI, or GET /api/adscout/local/outbox).
migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'mail_outbox',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'to', required: true, max: 2000 },
          { type: 'text', name: 'from', max: 500 },
          { type: 'text', name: 'subject', max: 1000 },
          { type: 'text', name: 'html', max: 200000 },
          { type: 'text', name: 'text', max: 200000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE INDEX idx_mail_outbox_created ON mail_outbox (created)',
          'CREATE INDEX idx_mail_outbox_updated ON mail_outbox (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('mail_outbox'));
  },
);
