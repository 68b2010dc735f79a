/// <reference path="../pb_data/types.d.ts" />

// Public settings the browser needs before anyone logs in.
routerAdd('GET', '/api/adscout/config', (e) => {
  const config = require(`${__hooks}/lib/config.js`);
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, config.publicConfig());
});

// Report missing configuration once per server start (not for CLI commands like `migrate`).
onBootstrap((e) => {
  e.next();
  if ($os.args.indexOf('serve') < 0) return;
  const config = require(`${__hooks}/lib/config.js`);
  for (const line of config.startupReport()) console.log(`[adscout] ${line}`);
});
