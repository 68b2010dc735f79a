/// <reference path="../pb_data/types.d.ts" />
// A video's transcript (docs/ai.md#transcripts): what the operator's model heard (`transcript`,
// at most 10,000 characters, TRANSCRIPT_MAX), where it stands (`transcript_status`, '' for a
// creative none was queued for; TRANSCRIPT_STATUSES of src/domain/tags/creative-text.ts) and the
// tags found in it (`transcript_tags`). Only the worker's routes write them; the owner reads them
// through the creatives' rules. The partial index is what the transcript claim walks to queue the
// archived videos not queued yet (src/hooks/ocr/transcripts.ts), empty once they all are.
migrate(
  (app) => {
    const creatives = app.findCollectionByNameOrId('creatives');
    creatives.fields.add(
      new TextField({ name: 'transcript', max: 10000 }),
      new SelectField({
        name: 'transcript_status',
        maxSelect: 1,
        values: ['pending', 'read', 'none', 'too_large', 'failed'],
      }),
      new JSONField({ name: 'transcript_tags', maxSize: 4000 }),
    );
    creatives.indexes.push(
      "CREATE INDEX idx_creatives_untranscribed ON creatives (created) WHERE transcript_status = '' AND mime LIKE 'video/%' AND file != ''",
    );
    app.save(creatives);
  },
  (app) => {
    const creatives = app.findCollectionByNameOrId('creatives');
    creatives.indexes = creatives.indexes.filter((index) => !index.includes('idx_creatives_untranscribed'));
    for (const name of ['transcript', 'transcript_status', 'transcript_tags'])
      creatives.fields.removeByName(name);
    app.save(creatives);
  },
);
