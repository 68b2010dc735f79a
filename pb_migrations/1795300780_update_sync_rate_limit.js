/// <reference path="../pb_data/types.d.ts" />
// The sync route's pages per client address (PocketBase's limiter; superusers are never limited).
// The window is one second: PocketBase refills a client's allowance only once `duration` seconds
// have passed since its last allowed request, so a longer window would, over a long session of
// steady pulls (one after every run update), add up to a refusal. A second caps the rate instead,
// far above a first sync at full speed (docs/going-live.md, "Rate limits and billing links").
const SYNC_RULE = { label: 'GET /api/adscout/sync/', audience: '', duration: 1, maxRequests: 30 };

/** The rules other than the sync route's, as plain objects (the settings hold a Go slice). */
function otherRules(settings) {
  const kept = [];
  const current = settings.rateLimits.rules;
  for (let i = 0; i < current.length; i++) {
    const rule = current[i];
    if (rule.label === SYNC_RULE.label) continue;
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
    settings.rateLimits.rules = [...otherRules(settings), SYNC_RULE];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings);
    app.save(settings);
  },
);
