/// <reference path="../pb_data/types.d.ts" />
// The transcripts' queue (docs/ai.md#transcripts): `transcript_tasks`, one task per archived
// video, leased by the workers as text_tasks are (superuser only, never synced). Only while
// AI_TRANSCRIBE_MODEL is set, the transcript claim queues the videos not queued yet, each task
// dated like its creative so that the claim's newest-first order reads old ones last
// (src/hooks/ocr/transcripts.ts); `done` once its transcript is stored, `failed` once the
// creative is `failed` or `too_large`. The statuses are TEXT_TASK_STATUSES
// (src/domain/tags/text-contract.ts).
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const creatives = app.findCollectionByNameOrId('creatives');
    app.save(
      new Collection({
        type: 'base',
        name: 'transcript_tasks',
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
          'CREATE UNIQUE INDEX idx_transcript_tasks_creative ON transcript_tasks (creative)',
          // the claim walks the pending tasks newest first, skipping those not due
          'CREATE INDEX idx_transcript_tasks_due ON transcript_tasks (status, created)',
          'CREATE INDEX idx_transcript_tasks_user ON transcript_tasks (user)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('transcript_tasks'));
  },
);
