/**
 * Server configuration read from the environment (ARCHITECTURE §8). Every value is optional;
 * a missing one falls back to the defaults in src/domain (through the hooks bundle).
 */
function env(name) {
  const value = $os.getenv(name);
  return value ? String(value).trim() : '';
}

function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

/** The settings the browser may see: GET /api/adscout/config. */
function publicConfig() {
  const d = domain();
  const source = env('SCOUT_SOURCE');
  return {
    communityChatUrl: env('COMMUNITY_CHAT_URL') || d.DEFAULT_CONFIG.communityChatUrl,
    demoVideoUrl: env('DEMO_VIDEO_URL') || d.DEFAULT_CONFIG.demoVideoUrl,
    billingMode: billingMode(),
    scoutSource: d.SCOUT_SOURCES.indexOf(source) >= 0 ? source : d.DEFAULT_CONFIG.scoutSource,
  };
}

/** `stripe` as soon as a secret key is configured; the local test checkout is impossible then. */
function billingMode() {
  return env('STRIPE_SECRET_KEY') ? 'stripe' : 'local';
}

/** One log line per missing or invalid setting, written once when the server boots. */
function startupReport() {
  const d = domain();
  const lines = [];
  const mode = billingMode();
  lines.push(
    mode === 'stripe'
      ? 'billing: stripe (STRIPE_SECRET_KEY is set)'
      : 'billing: local test checkout (STRIPE_SECRET_KEY is not set)',
  );
  const source = env('SCOUT_SOURCE');
  if (!source) lines.push('scout source: demo (SCOUT_SOURCE is not set)');
  else if (d.SCOUT_SOURCES.indexOf(source) < 0)
    lines.push(`scout source: demo (SCOUT_SOURCE=${source} is not one of ${d.SCOUT_SOURCES.join(', ')})`);
  else lines.push(`scout source: ${source}`);
  const defaults = [
    ['COMMUNITY_CHAT_URL', `default ${d.DEFAULT_CONFIG.communityChatUrl}`],
    ['DEMO_VIDEO_URL', 'the landing page shows a poster instead of the video'],
    ['APP_URL', 'redirects use the address the request came to'],
  ];
  if (mode === 'stripe') {
    defaults.push(['STRIPE_WEBHOOK_SECRET', 'webhooks will be refused']);
    for (const name of [
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_YEARLY',
      'STRIPE_PRICE_PACK_100',
      'STRIPE_PRICE_PACK_500',
      'STRIPE_PRICE_PACK_1000',
    ]) {
      defaults.push([name, 'that product cannot be bought']);
    }
  }
  for (const [name, consequence] of defaults) {
    if (!env(name)) lines.push(`${name} is not set: ${consequence}`);
  }
  return lines;
}

module.exports = { env, publicConfig, billingMode, startupReport };
