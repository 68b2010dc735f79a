import { describe, expect, it } from 'vitest';
import { prerenderedPages } from '../pages/routes.ts';
import { APP_SHELL_PATH, pageRoute, pageServerRoutes, SERVER_ROUTES, serverRoutes } from './routes.ts';

describe('the route table', () => {
  it('names each method and pattern once', () => {
    const keys = serverRoutes().map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps our API under /api/adscout and gives every route a caller', () => {
    for (const route of Object.values(SERVER_ROUTES)) {
      if (route.path.startsWith('/api/')) expect(route.path).toMatch(/^\/api\/adscout\//);
      expect(['users', 'workers', 'superusers', 'public']).toContain(route.auth);
    }
    // the lease routes (5), the archive's (5), the reports' (5), the push queue's (4: docs/push.md#sending),
    // the text reader's (4), the transcripts' (4) and the tag backfill's (2: docs/ai.md)
    expect(Object.values(SERVER_ROUTES).filter((route) => route.auth === 'workers')).toHaveLength(29);
  });

  it('fills parameters in order, each encoded', () => {
    expect(SERVER_ROUTES.workerRunHeartbeat.url('r1')).toBe('/api/adscout/worker/runs/r1/heartbeat');
    expect(SERVER_ROUTES.mediaKnown.url('a/b c')).toBe('/api/adscout/worker/media/a%2Fb%20c/known');
    expect(SERVER_ROUTES.localCheckoutAction.url('t?k', 'pay')).toBe('/api/adscout/local/checkout/t%3Fk/pay');
    expect(SERVER_ROUTES.syncPage.url('search_runs')).toBe('/api/adscout/sync/search_runs');
    expect(SERVER_ROUTES.assets.url('x/index 1.js')).toBe('/assets/x/index%201.js');
    expect(SERVER_ROUTES.quota.url()).toBe(SERVER_ROUTES.quota.path);
  });

  it('reads the parameters of a path it matches, and nothing else', () => {
    expect(SERVER_ROUTES.mediaKnown.match('/api/adscout/worker/media/a%2Fb%20c/known')).toEqual({
      id: 'a/b c',
    });
    expect(SERVER_ROUTES.localCheckoutAction.match('/api/adscout/local/checkout/tok/cancel')).toEqual({
      token: 'tok',
      action: 'cancel',
    });
    expect(SERVER_ROUTES.mediaKnown.match('/api/adscout/worker/media/t1/fail')).toBeNull();
    expect(SERVER_ROUTES.mediaKnown.match('/api/adscout/worker/media/a/b/known')).toBeNull();
    expect(SERVER_ROUTES.workerClaim.match('/api/adscout/worker/claim')).toEqual({});
    expect(SERVER_ROUTES.robots.match('/robotsXtxt')).toBeNull();
    expect(SERVER_ROUTES.assets.match('/assets/a/b.js')).toEqual({ path: 'a/b.js' });
    for (const route of Object.values(SERVER_ROUTES)) {
      const params = route.path.match(/\{[^}]+\}/g)?.map((_, index) => `v${index}`) ?? [];
      const url = (route.url as (...values: string[]) => string)(...params);
      expect(route.match(url), route.path).not.toBeNull();
    }
  });

  it('sets its own body limit on the four routes that take large or untrusted bodies', () => {
    const limited = Object.entries(SERVER_ROUTES)
      .filter(([, route]) => 'bodyLimit' in route)
      .map(([id]) => id);
    expect(limited.sort()).toEqual(['briefs', 'mediaCreative', 'stripeWebhook', 'workerRunResults']);
    expect(SERVER_ROUTES.briefs.bodyLimit).toBe(16 << 10);
    expect(SERVER_ROUTES.stripeWebhook.bodyLimit).toBe(1 << 20);
    expect(SERVER_ROUTES.workerRunResults.bodyLimit).toBe(16 << 20);
  });

  it('serves each prerendered page at its exact path, and the app shell, as a family of GETs', () => {
    expect(pageRoute('/')).toBe('/{$}');
    expect(pageRoute('/login')).toBe('/login');
    const pages = pageServerRoutes();
    expect(pages.map((route) => route.path)).toEqual([
      ...prerenderedPages().map((page) => pageRoute(page.path)),
      APP_SHELL_PATH,
    ]);
    for (const page of pages) expect([page.method, page.auth, page.gzip]).toEqual(['GET', 'public', true]);
    expect(pages[0]!.match('/')).toEqual({});
    expect(pages[0]!.match('/login')).toBeNull();
  });
});
