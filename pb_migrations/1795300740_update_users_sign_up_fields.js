/// <reference path="../pb_data/types.d.ts" />
// Sign-up takes an email and a password only
// (docs/invariants.md#invariant-15-one-identity-per-email-whatever-its-case): PocketBase's default `name` and
// `avatar` fields of `users` are unused, and `avatar` let an anonymous sign-up store a 5 MB file that anyone
// could download. They go, with the avatars already stored, and with the OAuth2 field mappings that name
// them; down() brings PocketBase's fields and mappings back (the files are gone).
const AVATAR = {
  name: 'avatar',
  maxSelect: 1,
  mimeTypes: ['image/jpeg', 'image/png', 'image/svg+xml', 'image/gif', 'image/webp'],
};
const NAME = { name: 'name', max: 255 };

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    if (users.fields.getByName('avatar')) {
      // Emptied by the app's own save, which deletes each file and its thumbnails once the
      // migration has committed (a failed upgrade deletes nothing).
      const stored = app.findRecordsByFilter('users', "avatar != ''", '', 0, 0);
      for (const record of stored) {
        record.set('avatar', '');
        app.saveNoValidate(record);
      }
    }
    users.fields.removeByName('avatar');
    users.fields.removeByName('name');
    users.oauth2.mappedFields.name = '';
    users.oauth2.mappedFields.avatarURL = '';
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    // PocketBase's places: after `verified`, before the autodates (the ids follow from the names)
    const at = users.fields.fieldNames().indexOf('created');
    const position = at >= 0 ? at : users.fields.fieldNames().length;
    if (!users.fields.getByName('avatar')) users.fields.addAt(position, new FileField(AVATAR));
    if (!users.fields.getByName('name')) users.fields.addAt(position, new TextField(NAME));
    users.oauth2.mappedFields.name = 'name';
    users.oauth2.mappedFields.avatarURL = 'avatar';
    app.save(users);
  },
);
