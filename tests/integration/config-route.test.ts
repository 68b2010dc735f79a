/** GET /api/adscout/config: public settings, from the environment or the domain defaults. */
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { DEFAULT_CONFIG, publicConfigSchema } from '../../src/domain/index.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { SERVER_ROUTES } from '../../src/domain/api/routes.ts';

const servers: TestServer[] = [];
/** A pair for the several-servers setting (VAPID_*): the public key is shown, the private never. */
const VAPID = webpush.generateVAPIDKeys();

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

async function config(env: Record<string, string>) {
  const server = await startTestServer({ env });
  servers.push(server);
  const response = await fetch(`${server.url}${SERVER_ROUTES.config.path}`);
  expect(response.status).toBe(200);
  return { server, body: publicConfigSchema.parse(await response.json()) };
}

describe(`GET ${SERVER_ROUTES.config.path}`, () => {
  it('falls back to the defaults and reports what is missing at start-up', async () => {
    const { server, body } = await config({
      COMMUNITY_CHAT_URL: '',
      DEMO_VIDEO_URL: '',
      SCOUT_SOURCE: '',
      STRIPE_SECRET_KEY: '',
    });
    expect(body).toEqual({
      communityChatUrl: DEFAULT_CONFIG.communityChatUrl,
      demoVideoUrl: '',
      billingMode: 'local',
      scoutSource: 'demo',
      // no worker has started yet to make the VAPID keys (docs/push.md#the-vapid-keys)
      vapidPublicKey: '',
    });
    await server.waitForOutput('COMMUNITY_CHAT_URL is not set');
    await server.waitForOutput('billing: local test checkout');
  });

  it('reads the environment, and never exposes secrets', async () => {
    const { body } = await config({
      COMMUNITY_CHAT_URL: 'https://chat.example.test/adscout',
      DEMO_VIDEO_URL: 'https://video.example.test/embed/1',
      SCOUT_SOURCE: 'apify',
      STRIPE_SECRET_KEY: 'sk_test_secret_value',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret_value',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.test',
    });
    expect(body).toEqual({
      communityChatUrl: 'https://chat.example.test/adscout',
      demoVideoUrl: 'https://video.example.test/embed/1',
      billingMode: 'stripe',
      scoutSource: 'apify',
      vapidPublicKey: VAPID.publicKey,
    });
    expect(JSON.stringify(body)).not.toMatch(/sk_test|whsec/);
    expect(JSON.stringify(body)).not.toContain(VAPID.privateKey);
  });

  it('ignores an unknown scout source', async () => {
    const { server, body } = await config({ SCOUT_SOURCE: 'scrape-everything' });
    expect(body.scoutSource).toBe('demo');
    await server.waitForOutput('SCOUT_SOURCE=scrape-everything is not one of');
  });
});
