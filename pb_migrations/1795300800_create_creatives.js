/// <reference path="../pb_data/types.d.ts" />
// The creative archive (docs/creatives.md): `creatives`, one record per distinct file per user;
// `search_results.creative`, the row's creative once archived; and `media_tasks`, the archive's
// queue (superuser only, never synced). The limits are src/domain/media/creative-limits.ts's
// (migrations cannot import it; tests/integration/media-archive.test.ts compares them).
const MB = 1024 * 1024;
const IMAGE_MAX_BYTES = 15 * MB;
const CREATIVE_FILE_MAX_BYTES = 200 * MB;
const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const CREATIVE_MIME_TYPES = IMAGE_MIME_TYPES.concat(['video/mp4']);
const THUMBS = ['100x100', '400x0'];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const own = '@request.auth.id != "" && user = @request.auth.id';
    const creatives = new Collection({
      type: 'base',
      name: 'creatives',
      listRule: own,
      viewRule: own,
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
        // Not protected: a file's URL (record id and a random name) is known only to its owner,
        // and the service worker caches it without a file token.
        {
          type: 'file',
          name: 'file',
          maxSelect: 1,
          maxSize: CREATIVE_FILE_MAX_BYTES,
          mimeTypes: CREATIVE_MIME_TYPES,
          thumbs: THUMBS,
          protected: false,
        },
        {
          type: 'file',
          name: 'poster',
          maxSelect: 1,
          maxSize: IMAGE_MAX_BYTES,
          mimeTypes: IMAGE_MIME_TYPES,
          thumbs: THUMBS,
          protected: false,
        },
        { type: 'text', name: 'sha256', required: true, min: 64, max: 64, pattern: '^[0-9a-f]{64}$' },
        { type: 'text', name: 'phash', max: 16, pattern: '^[0-9a-f]{16}$' },
        { type: 'text', name: 'mime', required: true, max: 100 },
        { type: 'number', name: 'bytes', onlyInt: true, min: 0 },
        { type: 'number', name: 'width', onlyInt: true, min: 0 },
        { type: 'number', name: 'height', onlyInt: true, min: 0 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_creatives_user_sha256 ON creatives (user, sha256)',
        'CREATE INDEX idx_creatives_user_updated ON creatives (user, updated, id)',
      ],
    });
    app.save(creatives);

    const results = app.findCollectionByNameOrId('search_results');
    results.fields.add(new RelationField({ name: 'creative', collectionId: creatives.id, maxSelect: 1 }));
    // deleting a creative looks up the rows that name it
    results.indexes.push('CREATE INDEX idx_search_results_creative ON search_results (creative)');
    app.save(results);

    app.save(
      new Collection({
        type: 'base',
        name: 'media_tasks',
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
          { type: 'text', name: 'ad_id', required: true, max: 64 },
          { type: 'text', name: 'media_url', max: 4000 },
          { type: 'text', name: 'media_poster_url', max: 4000 },
          {
            type: 'select',
            name: 'status',
            required: true,
            maxSelect: 1,
            values: ['pending', 'archived', 'failed'],
          },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'date', name: 'next_attempt_at' },
          { type: 'text', name: 'lease_owner', max: 200 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'relation', name: 'creative', collectionId: creatives.id, maxSelect: 1 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_media_tasks_user_ad ON media_tasks (user, ad_id)',
          'CREATE INDEX idx_media_tasks_due ON media_tasks (status, next_attempt_at)',
          'CREATE INDEX idx_media_tasks_creative ON media_tasks (creative)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('media_tasks'));
    const results = app.findCollectionByNameOrId('search_results');
    results.fields.removeByName('creative');
    results.indexes = results.indexes.filter((index) => !index.includes('idx_search_results_creative'));
    app.save(results);
    app.delete(app.findCollectionByNameOrId('creatives'));
  },
);
