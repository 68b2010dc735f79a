/// <reference path="../pb_data/types.d.ts" />
// Processed Stripe event ids: recorded in the same transaction as the event's effect, so a
// redelivered event finds its id and changes nothing
// (docs/invariants.md#invariant-6-every-stripe-event-takes-effect-once). No client access at all.
migrate(
  (app) => {
    app.save(
      new Collection({
        type: 'base',
        name: 'stripe_events',
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { type: 'text', name: 'event_id', required: true, max: 255 },
          { type: 'text', name: 'type', max: 255 },
          { type: 'date', name: 'processed_at' },
          { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
          { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
        ],
        indexes: [
          'CREATE UNIQUE INDEX idx_stripe_events_event_id ON stripe_events (event_id)',
          'CREATE INDEX idx_stripe_events_updated ON stripe_events (updated)',
        ],
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('stripe_events'));
  },
);
