/// <reference path="../pb_data/types.d.ts" />
// The scout workers' accounts (docs/architecture.md#the-scout-worker): an auth collection whose
// records may call the lease routes (pb_hooks/scout-worker.pb.js) and hear that there is work
// (src/hooks/runs/workers.ts), and nothing else. Every rule is locked, so a worker reads and writes
// no collection, not even its own record; it is no superuser, so it never opens the admin UI. Its
// sign-ins send no new-device alert: workers sign in from every machine and every restart.
// The lease routes get a rate-limit rule of their own, far above what any number of workers on
// one address sends, so that no rule an operator adds for /api/ throttles them (PocketBase exempts
// only superusers, and checks rules with a method before those without).
const LEASE_RULE = {
  label: 'POST /api/adscout/worker/',
  audience: '@auth',
  duration: 1,
  maxRequests: 1000000,
};

/** The rules other than the lease routes', as plain objects (the settings hold a Go slice). */
function otherRules(settings) {
  const kept = [];
  const current = settings.rateLimits.rules;
  for (let i = 0; i < current.length; i++) {
    const rule = current[i];
    if (rule.label === LEASE_RULE.label) continue;
    kept.push({
      label: rule.label,
      audience: rule.audience,
      duration: rule.duration,
      maxRequests: rule.maxRequests,
    });
  }
  return kept;
}

migrate(
  (app) => {
    const workers = new Collection({
      type: 'auth',
      name: 'workers',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      manageRule: null,
      authRule: '',
      passwordAuth: { enabled: true, identityFields: ['email'] },
      oauth2: { enabled: false },
      otp: { enabled: false },
      mfa: { enabled: false },
      authAlert: { enabled: false },
      fields: [
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
        { type: 'autodate', name: 'updated', onCreate: true, onUpdate: true },
      ],
    });
    app.save(workers);
    const settings = app.settings();
    settings.rateLimits.rules = [...otherRules(settings), LEASE_RULE];
    app.save(settings);
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('workers'));
    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings);
    app.save(settings);
  },
);
