/// <reference path="../pb_data/types.d.ts" />
// App settings: the batch API on with room for result writes (500 rows of ~1.1 KB per request),
// and the rate limiter on for the auth, sign-up and mail-sending routes only: data routes stay
// unlimited so the sync engine can page through 50k rows.
migrate(
  (app) => {
    const settings = app.settings();
    settings.meta.appName = 'AdScout';
    settings.batch.enabled = true;
    settings.batch.maxRequests = 500;
    settings.batch.timeout = 10;
    settings.batch.maxBodySize = 16 * 1024 * 1024;
    settings.rateLimits.enabled = true;
    settings.rateLimits.rules = [
      // password guessing from one address
      { label: '*:authWithPassword', audience: '', duration: 10, maxRequests: 10 },
      { label: '*:authRefresh', audience: '', duration: 60, maxRequests: 30 },
      // sign-ups from one address
      { label: 'users:create', audience: '@guest', duration: 60, maxRequests: 20 },
      // routes that send mail
      { label: '*:requestPasswordReset', audience: '', duration: 300, maxRequests: 5 },
      { label: '*:requestVerification', audience: '', duration: 300, maxRequests: 5 },
      { label: '*:requestEmailChange', audience: '', duration: 300, maxRequests: 5 },
    ];
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.batch.enabled = false;
    settings.rateLimits.enabled = false;
    settings.rateLimits.rules = [];
    app.save(settings);
  },
);
