/**
 * Every HTTP route the hooks add to PocketBase, in one table: its method, its path pattern exactly
 * as registered, who may call it, and its body limit where it sets its own. pb_hooks/*.pb.js
 * register the table (through src/hooks/routes), and the web app, the worker and the tests
 * build their URLs from it. tests/integration/route-table.test.ts checks that a running server has
 * every route, that the .pb.js files register each entry once and nothing else, and that
 * docs/routes.md lists the same routes.
 */
import { CREATIVE_UPLOAD_MAX_BYTES } from '../media/creative-limits.ts';
import { prerenderedPages } from '../pages/routes.ts';

export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: a signed-in user (`users`), the scout workers' account (`workers`), a
 * superuser, or anyone (`public`, the route checks its own capability where it has one).
 */
export type RouteAuth = 'users' | 'workers' | 'superusers' | 'public';

/** A value for each `{name}` parameter of a pattern, in order (`{$}`, the end of the path, is none). */
export type RouteParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name extends '$'
    ? RouteParams<Rest>
    : [string, ...RouteParams<Rest>]
  : [];

export interface ServerRoute<P extends string = string> {
  readonly method: RouteMethod;
  /**
   * The pattern as registered, in PocketBase's router syntax: `{name}` is one path segment,
   * `{name...}` the rest of the path, `{$}` the end of it.
   */
  readonly path: P;
  readonly auth: RouteAuth;
  /** The most bytes a request body may have, where the route sets its own (PocketBase's default elsewhere). */
  readonly bodyLimit?: number;
  /** Answered gzipped when the client accepts it (the pages and the build's files). */
  readonly gzip?: boolean;
  /** The path with each parameter filled in and encoded: `SERVER_ROUTES.workerRunHeartbeat.url(id)`. */
  url(...params: RouteParams<P>): string;
  /** The decoded parameters of a request path this pattern matches (a test double's router), or null. */
  match(path: string): Record<string, string> | null;
}

const PARAM = /\{([^}]+)\}/g;

const encodeSegments = (value: string) => value.split('/').map(encodeURIComponent).join('/');

function route<P extends string>(
  method: RouteMethod,
  path: P,
  auth: RouteAuth,
  options: { bodyLimit?: number; gzip?: boolean } = {},
): ServerRoute<P> {
  const names: string[] = [];
  const pattern = path
    .split(PARAM)
    .map((part, index) => {
      // split() with a capturing group: the odd parts are the parameters' names
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      if (part === '$') return '';
      names.push(part.replace(/\.\.\.$/, ''));
      return part.endsWith('...') ? '(.+)' : '([^/]+)';
    })
    .join('');
  const matcher = new RegExp(`^${pattern}$`);
  return {
    method,
    path,
    auth,
    ...options,
    url(...params: readonly string[]) {
      let next = 0;
      return path.replace(PARAM, (_, name: string) => {
        if (name === '$') return '';
        const value = params[next++];
        if (value === undefined) throw new Error(`${path} needs a value for {${name}}`);
        return name.endsWith('...') ? encodeSegments(value) : encodeURIComponent(value);
      });
    },
    match(requestPath) {
      const found = matcher.exec(requestPath);
      if (!found) return null;
      const params: Record<string, string> = {};
      names.forEach((name, index) => (params[name] = decodeURIComponent(found[index + 1] ?? '')));
      return params;
    },
  };
}

const MiB = 1024 * 1024;

/** Where the build's hashed files are served (Vite's assets folder, inside the built app). */
export const ASSETS_BASE = '/assets';

/**
 * The app shell by its own name, which the service worker precaches as its navigation fallback
 * (src/hooks/site/pages.ts answers it with the empty index.html).
 */
export const APP_SHELL_PATH = '/index.html';

export const SERVER_ROUTES = {
  // ---- the signed-in user (docs/routes.md#routes-for-the-signed-in-user) ----
  quota: route('GET', '/api/adscout/quota', 'users'),
  checkout: route('POST', '/api/adscout/checkout', 'users'),
  portal: route('POST', '/api/adscout/portal', 'users'),
  subscriptionSync: route('POST', '/api/adscout/subscription/sync', 'users'),
  accountEmail: route('POST', '/api/adscout/account/email', 'users'),
  accountPassword: route('POST', '/api/adscout/account/password', 'users'),
  accountDelete: route('POST', '/api/adscout/account/delete', 'users'),
  accountExport: route('GET', '/api/adscout/account/export', 'users'),
  syncPage: route('GET', '/api/adscout/sync/{collection}', 'users'),
  /** Many ads saved to a board at once (docs/boards.md): at most BOARD_ITEMS_BATCH_MAX ad ids. */
  boardItems: route('POST', '/api/adscout/boards/{id}/items', 'users'),
  /** Sharing by link (docs/boards.md#sharing): on or a new link, the notes option, off. */
  boardShare: route('POST', '/api/adscout/boards/{id}/share', 'users'),
  boardShareOptions: route('PATCH', '/api/adscout/boards/{id}/share', 'users'),
  boardShareStop: route('DELETE', '/api/adscout/boards/{id}/share', 'users'),
  /** A brief from the operator's model for an ad or a product (docs/ai.md#briefs): one model call. */
  briefs: route('POST', '/api/adscout/briefs', 'users', { bodyLimit: 16 * 1024 }),
  /** Whether briefs are on, and how many the user has left this period (docs/ai.md#briefs). */
  briefsStatus: route('GET', '/api/adscout/briefs/status', 'users'),

  // ---- anyone (docs/routes.md#public-routes) ----
  config: route('GET', '/api/adscout/config', 'public'),
  /** Stripe's events are a few KB: bodies over 1 MiB are refused with 413 before they are read. */
  stripeWebhook: route('POST', '/api/adscout/stripe/webhook', 'public', { bodyLimit: MiB }),
  /** The local test checkout and portal: the token is the capability (local mode only). */
  localCheckoutPage: route('GET', '/api/adscout/local/checkout/{token}', 'public'),
  localCheckoutAction: route('POST', '/api/adscout/local/checkout/{token}/{action}', 'public'),
  /** Pay and Cancel are POSTs; a GET of their URL changes nothing (405). */
  localCheckoutActionGet: route('GET', '/api/adscout/local/checkout/{token}/{action}', 'public'),
  localPortalPage: route('GET', '/api/adscout/local/portal/{token}', 'public'),
  localPortalAction: route('POST', '/api/adscout/local/portal/{token}/{action}', 'public'),
  /** A shared board's page data and files: the token is the capability (docs/boards.md#sharing). */
  sharedBoard: route('GET', '/api/adscout/share/{token}', 'public'),
  sharedBoardFile: route('GET', '/api/adscout/share/{token}/files/{creative}/{file}', 'public'),
  /** The shared board's page: an entry of its own, not the app shell. */
  sharedBoardPage: route('GET', '/s/{token}', 'public', { gzip: true }),
  robots: route('GET', '/robots.txt', 'public'),
  sitemap: route('GET', '/sitemap.xml', 'public'),
  assets: route('GET', `${ASSETS_BASE}/{path...}`, 'public', { gzip: true }),
  /** The report mails' one-click unsubscribe (docs/reports.md#unsubscribe): the signed token is the capability. */
  reportUnsubscribePage: route('GET', '/api/adscout/reports/unsubscribe', 'public'),
  reportUnsubscribe: route('POST', '/api/adscout/reports/unsubscribe', 'public'),
  /** The image a report mail shows for an ad not archived yet (docs/reports.md#the-mail). */
  reportMailPlaceholder: route('GET', '/api/adscout/reports/placeholder.png', 'public'),

  // ---- superusers ----
  /** The mails kept without SMTP (docs/accounts.md#mail). */
  localOutbox: route('GET', '/api/adscout/local/outbox', 'superusers'),

  // ---- the workers' account: the lease routes (src/domain/runs/lease-contract.ts) ----
  workerClaim: route('POST', '/api/adscout/worker/claim', 'workers'),
  workerRunHeartbeat: route('POST', '/api/adscout/worker/runs/{id}/heartbeat', 'workers'),
  /** A batch of up to 1,000 rows with their texts: 16 MiB, past PocketBase's default. */
  workerRunResults: route('POST', '/api/adscout/worker/runs/{id}/results', 'workers', {
    bodyLimit: 16 * MiB,
  }),
  workerRunFinish: route('POST', '/api/adscout/worker/runs/{id}/finish', 'workers'),
  workerRunRelease: route('POST', '/api/adscout/worker/runs/{id}/release', 'workers'),

  // ---- the workers' account: the archive routes (src/domain/media/media-contract.ts) ----
  mediaClaim: route('POST', '/api/adscout/worker/media/claim', 'workers'),
  mediaKnown: route('POST', '/api/adscout/worker/media/{id}/known', 'workers'),
  /** A video up to MEDIA_VIDEO_MAX_MB's ceiling, its poster and the form. */
  mediaCreative: route('POST', '/api/adscout/worker/media/{id}/creative', 'workers', {
    bodyLimit: CREATIVE_UPLOAD_MAX_BYTES,
  }),
  mediaFail: route('POST', '/api/adscout/worker/media/{id}/fail', 'workers'),
  mediaRelease: route('POST', '/api/adscout/worker/media/{id}/release', 'workers'),

  // ---- the workers' account: the text routes (src/domain/tags/text-contract.ts) ----
  textClaim: route('POST', '/api/adscout/worker/text/claim', 'workers'),
  textRead: route('POST', '/api/adscout/worker/text/{id}/read', 'workers'),
  textFail: route('POST', '/api/adscout/worker/text/{id}/fail', 'workers'),
  textRelease: route('POST', '/api/adscout/worker/text/{id}/release', 'workers'),
  // ---- the workers' account: the transcript routes (src/domain/tags/transcript-contract.ts) ----
  transcriptClaim: route('POST', '/api/adscout/worker/transcripts/claim', 'workers'),
  transcriptStore: route('POST', '/api/adscout/worker/transcripts/{id}/store', 'workers'),
  transcriptFail: route('POST', '/api/adscout/worker/transcripts/{id}/fail', 'workers'),
  transcriptRelease: route('POST', '/api/adscout/worker/transcripts/{id}/release', 'workers'),

  // ---- the workers' account: the report routes (src/domain/reports/report-contract.ts) ----
  reportClaim: route('POST', '/api/adscout/worker/reports/claim', 'workers'),
  reportRows: route('POST', '/api/adscout/worker/reports/{id}/rows', 'workers'),
  reportStore: route('POST', '/api/adscout/worker/reports/{id}/store', 'workers'),
  reportFail: route('POST', '/api/adscout/worker/reports/{id}/fail', 'workers'),
  reportRelease: route('POST', '/api/adscout/worker/reports/{id}/release', 'workers'),
  // ---- the workers' account: the tag backfill's routes (src/domain/tags/backfill-contract.ts) ----
  tagsClaim: route('POST', '/api/adscout/worker/tags/claim', 'workers'),
  tagsStore: route('POST', '/api/adscout/worker/tags/store', 'workers'),
  // ---- the workers' account: the push routes (src/domain/push/push-contract.ts) ----
  pushKeys: route('POST', '/api/adscout/worker/push/keys', 'workers'),
  pushClaim: route('POST', '/api/adscout/worker/push/claim', 'workers'),
  pushSettle: route('POST', '/api/adscout/worker/push/{id}/settle', 'workers'),
  pushRelease: route('POST', '/api/adscout/worker/push/{id}/release', 'workers'),
} as const;

export type ServerRouteId = keyof typeof SERVER_ROUTES;

/**
 * The server's pattern of a prerendered page: its exact path ('/{$}' is '/' alone in PocketBase's
 * router; '/' would match every path).
 */
export function pageRoute(path: string): string {
  return path === '/' ? '/{$}' : path;
}

/**
 * The family of page routes: GET of each prerendered page (src/domain/pages/routes.ts) at its
 * exact path, and of the app shell, gzipped. A new prerendered page is a new route of this family.
 */
export function pageServerRoutes(): ServerRoute[] {
  return [...prerenderedPages().map((page) => pageRoute(page.path)), APP_SHELL_PATH].map((path) =>
    route('GET', path, 'public', { gzip: true }),
  );
}

/** Every route the server registers: the named ones, then the page family. */
export function serverRoutes(): ServerRoute[] {
  return [...Object.values(SERVER_ROUTES), ...pageServerRoutes()];
}
