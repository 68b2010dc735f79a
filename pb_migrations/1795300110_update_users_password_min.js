/// <reference path="../pb_data/types.d.ts" />
// docs/product.md#validation-rules: a new password on Settings needs at least 6 characters (registration asks
// for 8 with upper, lower and a digit; the users create hook enforces that). PocketBase's default minimum
// for the users password field is 8, which refused a valid Settings change.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('password').min = 6;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('password').min = 8;
    app.save(users);
  },
);
