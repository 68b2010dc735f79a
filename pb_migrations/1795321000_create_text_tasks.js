/// <reference path="../pb_data/types.d.ts" />
// The text reader's queue (docs/ai.md#the-text-on-a-creative): `text_tasks`, one task per
// creative, leased by the workers' OCR as the archive's media_tasks are (superuser only, never
// synced). A task is queued when a creative is archived, in the upload's transaction
// (src/hooks/media/tasks.ts); `done` once its reading is stored, `failed` once the creative is
// `unreadable`. The statuses are src/domain/tags/text-contract.ts's TEXT_TASK_STATUSES.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const creatives = app.findCollectionByNameOrId('creatives');
    app.save(
      new Collection({
        type: 'base',
        name: 'text_tasks',
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
          {
            type: 'relation',
            name: 'creative',
            collectionId: creatives.id,
            maxSelect: 1,
            required: true,
            cascadeDelete: true,
          },
          {
            type: 'select',
            name: 'status',
            required: true,
            maxSelect: 1,
            values: ['pending', 'done', 'failed'],
          },
          { type: 'number', name: 'attempts', onlyInt: true, min: 0 },
          { type: 'date', name: 'next_attempt_at' },
          { type: 'text', name: 'lease_owner', max: 200 },
          { type: 'date', name: 'lease_expires_at' },
          { type: 'text', name: 'last_error', max: 2000 },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_text_tasks_creative ON text_tasks (creative)',
          // the claim walks the pending tasks newest first, skipping those not due
          'CREATE INDEX idx_text_tasks_due ON text_tasks (status, created)',
          'CREATE INDEX idx_text_tasks_user ON text_tasks (user)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('text_tasks'));
  },
);
