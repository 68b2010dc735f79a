/// <reference path="../pb_data/types.d.ts" />
// Abuse limits per client address (PocketBase's limiter; superusers are never limited): billing
// routes that call Stripe or open test-checkout links, the account routes (which check the
// current password, so guessing it is limited too), and sign-ups also from signed-in clients.
const ADDED = [
  { label: 'POST /api/adscout/checkout', audience: '', duration: 60, maxRequests: 10 },
  { label: 'POST /api/adscout/portal', audience: '', duration: 60, maxRequests: 10 },
  { label: 'POST /api/adscout/subscription/sync', audience: '', duration: 60, maxRequests: 10 },
  { label: '/api/adscout/account/', audience: '', duration: 60, maxRequests: 5 },
];

/** The rules that stay, as plain objects (the settings hold a Go slice). */
function keptRules(settings) {
  const kept = [];
  const current = settings.rateLimits.rules;
  for (let i = 0; i < current.length; i++) {
    const rule = current[i];
    if (rule.label === 'users:create' || ADDED.some((added) => added.label === rule.label)) continue;
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
    const settings = app.settings();
    const rules = keptRules(settings);
    rules.push({ label: 'users:create', audience: '', duration: 60, maxRequests: 20 }, ...ADDED);
    settings.rateLimits.rules = rules;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    const rules = keptRules(settings);
    rules.push({ label: 'users:create', audience: '@guest', duration: 60, maxRequests: 20 });
    settings.rateLimits.rules = rules;
    app.save(settings);
  },
);
