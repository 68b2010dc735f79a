/// <reference path="../pb_data/types.d.ts" />
// billing_sessions: the per-user cap counts a user's sessions of the last hour, and the prune
// cron deletes expired ones; both read by index.
migrate(
  (app) => {
    const sessions = app.findCollectionByNameOrId('billing_sessions');
    sessions.indexes = [
      ...sessions.indexes,
      'CREATE INDEX idx_billing_sessions_user_created ON billing_sessions (user, created)',
      'CREATE INDEX idx_billing_sessions_expires_at ON billing_sessions (expires_at)',
    ];
    app.save(sessions);
  },
  (app) => {
    const sessions = app.findCollectionByNameOrId('billing_sessions');
    sessions.indexes = sessions.indexes.filter(
      (index) => !/idx_billing_sessions_(user_created|expires_at)/.test(index),
    );
    app.save(sessions);
  },
);
