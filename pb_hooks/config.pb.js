/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Public settings and the start-up report of missing settings (src/hooks/config).
// Registration only: each handler require()s its area bundle (handlers share no globals).

routerAdd('GET', '/api/adscout/config', (e) => require(`${__hooks}/lib/config.js`).handleConfig(e));

onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/config.js`).reportStartup();
});
