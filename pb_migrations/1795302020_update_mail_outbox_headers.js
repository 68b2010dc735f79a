/// <reference path="../pb_data/types.d.ts" />
// The outbox keeps a mail's own headers (List-Unsubscribe, List-Unsubscribe-Post, Message-ID of
// the report mails; docs/reports.md#headers), as SMTP would have sent them.
migrate(
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox');
    outbox.fields.add(new JSONField({ name: 'headers', maxSize: 20000 }));
    app.save(outbox);
  },
  (app) => {
    const outbox = app.findCollectionByNameOrId('mail_outbox');
    outbox.fields.removeByName('headers');
    app.save(outbox);
  },
);
