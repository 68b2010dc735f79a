/// <reference path="../pb_data/types.d.ts" />
// Every creative archived before the text reader gets its task (docs/ai.md#the-text-on-a-creative)
// and `text_status` `pending`. A task's `created` is its creative's: the claim takes the newest
// due tasks first, so a creative archived now is read before these, and the oldest are read last.
// The creatives' `updated` is left alone: nothing the browser shows changes until a reading is
// stored (which moves it), and 50,000 creatives pulled again for a status would cost every device.
migrate(
  (app) => {
    app
      .db()
      .newQuery(
        'INSERT INTO text_tasks (id, user, creative, status, attempts, next_attempt_at, lease_owner, ' +
          'lease_expires_at, last_error, created, updated) ' +
          "SELECT substr(lower(hex(randomblob(8))), 1, 15), c.user, c.id, 'pending', 0, c.created, '', '', '', " +
          "c.created, c.created FROM creatives c WHERE COALESCE(c.text_status, '') = '' " +
          'ON CONFLICT (creative) DO NOTHING',
      )
      .execute();
    app
      .db()
      .newQuery(
        "UPDATE creatives SET text_status = 'pending' WHERE COALESCE(text_status, '') = '' " +
          'AND id IN (SELECT creative FROM text_tasks)',
      )
      .execute();
  },
  (app) => {
    // what up() queued and nobody read yet goes back to no reading queued
    app
      .db()
      .newQuery(
        "UPDATE creatives SET text_status = '' WHERE text_status = 'pending' " +
          "AND id IN (SELECT creative FROM text_tasks WHERE status = 'pending')",
      )
      .execute();
    app.db().newQuery("DELETE FROM text_tasks WHERE status = 'pending'").execute();
  },
);
