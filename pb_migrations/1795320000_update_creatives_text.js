/// <reference path="../pb_data/types.d.ts" />
// The text on a creative (docs/ai.md#the-text-on-a-creative): what the worker's OCR read (`text`,
// at most 2,000 characters), its mean confidence (0–100), the language it was read in (ISO 639-1),
// where the reading stands (`text_status`; '' for a creative no reading was queued for yet) and the
// tags found in it (`text_tags`). Only the worker's routes write them; the owner reads them
// through the creatives' rules. The limits are src/domain/tags/creative-text.ts's.
migrate(
  (app) => {
    const creatives = app.findCollectionByNameOrId('creatives');
    creatives.fields.add(
      new TextField({ name: 'text', max: 2000 }),
      new NumberField({ name: 'text_confidence', min: 0, max: 100 }),
      new TextField({ name: 'text_language', max: 2, pattern: '^[a-z]{2}$' }),
      new SelectField({
        name: 'text_status',
        maxSelect: 1,
        values: ['pending', 'read', 'none', 'unreadable'],
      }),
      new JSONField({ name: 'text_tags', maxSize: 4000 }),
    );
    app.save(creatives);
  },
  (app) => {
    const creatives = app.findCollectionByNameOrId('creatives');
    for (const name of ['text', 'text_confidence', 'text_language', 'text_status', 'text_tags'])
      creatives.fields.removeByName(name);
    app.save(creatives);
  },
);
