/// <reference path="../pb_data/types.d.ts" />
// One identity per email, whatever its case
// (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case): emails are stored lower-cased
// (A–Z, as SQLite's lower() and NOCASE fold; the users hooks keep new ones so) and the unique index ignores
// case, which also makes PocketBase's login and password-reset lookups ignore it. Accounts whose emails
// differ only in case would become one identity: the migration refuses them, with nothing changed, and names
// them; the operator resolves them first (docs/going-live.md#upgrading).
/** `users` with PocketBase's unique email index on `columns`, in the index's own place. */
function setEmailIndex(users, columns) {
  const name = `idx_email_${users.id}`;
  const definition = `CREATE UNIQUE INDEX \`${name}\` ON \`${users.name}\` (${columns}) WHERE \`email\` != ''`;
  const indexes = [...users.indexes];
  const at = indexes.findIndex((index) => index.indexOf(`\`${name}\``) >= 0);
  if (at >= 0) indexes[at] = definition;
  else indexes.push(definition);
  users.indexes = indexes;
}

migrate(
  (app) => {
    const clashes = arrayOf(new DynamicModel({ emails: '' }));
    app
      .db()
      .newQuery(
        "SELECT group_concat(email, ', ') AS emails FROM (SELECT email FROM users WHERE email != '' ORDER BY email) " +
          'GROUP BY lower(email) HAVING count(*) > 1 ORDER BY lower(email)',
      )
      .all(clashes);
    if (clashes.length > 0) {
      throw new Error(
        'AdScout cannot upgrade: these accounts have emails that differ only in case, and an email ' +
          `is now one account whatever its case: ${clashes.map((row) => row.emails).join('; ')}. ` +
          'Keep one account of each group and delete the others or change their email ' +
          '(docs/going-live.md#upgrading), then start again. Nothing was changed.',
      );
    }
    app.db().newQuery('UPDATE users SET email = lower(email) WHERE email != lower(email)').execute();
    const users = app.findCollectionByNameOrId('users');
    setEmailIndex(users, '`email` COLLATE NOCASE');
    app.save(users);
  },
  (app) => {
    // PocketBase's case-sensitive index comes back; the emails stay lower-cased (their earlier
    // case is not kept), which that index accepts as they are
    const users = app.findCollectionByNameOrId('users');
    setEmailIndex(users, '`email`');
    app.save(users);
  },
);
