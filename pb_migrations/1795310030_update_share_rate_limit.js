/// <reference path="../pb_data/types.d.ts" />
// A shared board's page data and files per client address (PocketBase's limiter): generous, so a
// board of 50 items, or one opened by an office behind one address, always loads
// (SHARE_REQUESTS_PER_10S, src/domain/boards/board-contract.ts). Wrong tokens have their own,
// stricter counter in the hooks (src/hooks/boards/share-limit.ts; docs/boards.md#rate-limits).
const SHARE_RULE = { label: 'GET /api/adscout/share/', audience: '', duration: 10, maxRequests: 300 };

/** The rules other than this one, as plain objects (the settings hold a Go slice). */
function otherRules(settings) {
  const kept = [];
  const current = settings.rateLimits.rules;
  for (let i = 0; i < current.length; i++) {
    const rule = current[i];
    if (rule.label === SHARE_RULE.label) continue;
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
    settings.rateLimits.rules = [...otherRules(settings), SHARE_RULE];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.rateLimits.rules = otherRules(settings);
    app.save(settings);
  },
);
