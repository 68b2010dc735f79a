/**
 * Every page of the web app, in one table: its address, its title, who may open it, whether it
 * is built ahead of time, and its module. The router (src/web/app/app.tsx), the prerendering
 * (src/web/prerender.tsx, scripts/prerender.mjs), the titles (src/web/main.tsx), the server's
 * page routes (src/domain/api/routes.ts), robots.txt and sitemap.xml (src/hooks/site) and every link read it; a new page
 * is one more entry here (and its import in app.tsx, which routes.test.ts checks).
 */

export const PRODUCT_NAME = 'AdScout';

/** Where the signed-in app lives; robots.txt keeps crawlers out of it. */
export const APP_BASE = '/app';

/**
 * Who may open a page: anyone (the public layout); a signed-in user (the app's shell, under
 * APP_BASE); a signed-in user with a subscription, whose pages show the subscription gate to
 * anyone else (docs/product.md#screens-and-routes).
 */
export type PageAccess = 'public' | 'account' | 'subscription';

export interface PageRoute {
  path: string;
  /**
   * The page's <title> (the browser tab, the history list, a search engine's result): its
   * heading, or what the page is when the heading is a greeting, then the product.
   */
  title: string;
  access: PageAccess;
  /**
   * Built ahead of time into HTML (scripts/prerender.mjs), served at its exact path by the
   * server, and listed in sitemap.xml: the public pages worth finding from a search engine.
   */
  prerendered: boolean;
  /** The page component's module, from the repository's root (routes.test.ts checks it). */
  module: string;
}

const titled = (name: string) => `${name} — ${PRODUCT_NAME}`;

/** In sitemap.xml's order: the prerendered pages come first, the landing page at their head. */
export const ROUTES = {
  landing: {
    path: '/',
    // the landing page's second section (docs/product.md#screens-and-routes), after the product's name
    title: `${PRODUCT_NAME} — Find, Study, and Replicate Winning Ads`,
    access: 'public',
    prerendered: true,
    module: 'src/web/features/landing/landing-page.tsx',
  },
  contact: {
    path: '/contact',
    title: titled('Contact'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/support/contact-page.tsx',
  },
  support: {
    path: '/support',
    title: titled('Need Help?'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/support/support-page.tsx',
  },
  terms: {
    path: '/terms',
    title: titled('Terms of Service'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/legal/terms-page.tsx',
  },
  privacy: {
    path: '/privacy',
    title: titled('Privacy Policy'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/legal/privacy-page.tsx',
  },
  login: {
    path: '/login',
    title: titled('Log In'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/auth/login-page.tsx',
  },
  register: {
    path: '/register',
    title: titled('Create Account'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/auth/register-page.tsx',
  },
  subscribe: {
    path: '/subscribe',
    title: titled('Choose Your Plan'),
    access: 'public',
    prerendered: true,
    module: 'src/web/features/billing/subscribe-page.tsx',
  },
  forgotPassword: {
    path: '/forgot-password',
    title: titled('Forgot Password'),
    access: 'public',
    prerendered: false,
    module: 'src/web/features/auth/forgot-password-page.tsx',
  },
  resetPassword: {
    path: '/reset-password',
    title: titled('Choose a New Password'),
    access: 'public',
    prerendered: false,
    module: 'src/web/features/auth/reset-password-page.tsx',
  },
  confirmEmailChange: {
    path: '/confirm-email-change',
    title: titled('Confirm Your New Email'),
    access: 'public',
    prerendered: false,
    module: 'src/web/features/auth/confirm-email-change-page.tsx',
  },
  search: {
    path: `${APP_BASE}/search`,
    title: titled('Search'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/search/search-page.tsx',
  },
  history: {
    path: `${APP_BASE}/history`,
    title: titled('Search History'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/history/history-page.tsx',
  },
  database: {
    path: `${APP_BASE}/database`,
    title: titled('Search Database'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/database/database-page.tsx',
  },
  reports: {
    path: `${APP_BASE}/reports`,
    title: titled('Reports'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/reports/reports-page.tsx',
  },
  boards: {
    path: `${APP_BASE}/boards`,
    title: titled('Boards'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/boards/boards-page.tsx',
  },
  /** One board (docs/boards.md#in-the-app): `:id` is one path segment, the board's id. */
  board: {
    path: `${APP_BASE}/boards/:id`,
    title: titled('Board'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/boards/board-page.tsx',
  },
  insights: {
    path: `${APP_BASE}/insights`,
    title: titled('Insights'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/insights/insights-page.tsx',
  },
  keywords: {
    path: `${APP_BASE}/keywords`,
    title: titled('Keywords'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/keywords/keywords-page.tsx',
  },
  ai: {
    path: `${APP_BASE}/ai`,
    title: titled('AI Features'),
    access: 'subscription',
    prerendered: false,
    module: 'src/web/features/ai/ai-page.tsx',
  },
  settings: {
    path: `${APP_BASE}/settings`,
    title: titled('Settings'),
    // docs/product.md#screens-and-routes: Settings is reachable without a subscription.
    access: 'account',
    prerendered: false,
    module: 'src/web/features/settings/settings-page.tsx',
  },
} as const satisfies Record<string, PageRoute>;

export type RouteId = keyof typeof ROUTES;

/** Every route's id, in the table's order. */
export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** The app's first page: where APP_BASE itself, a login and the installed app open. */
export const APP_HOME: RouteId = 'search';

const NOT_FOUND_TITLE = titled('Page not found');

/** Whether `pathname` is in the signed-in app (APP_BASE or below it). */
export function isSignedInAppPath(pathname: string): boolean {
  return pathname === APP_BASE || pathname.startsWith(`${APP_BASE}/`);
}

/** Whether `path` is what `pattern` describes (a `:name` segment stands for any one segment). */
function matches(pattern: string, path: string): boolean {
  if (!pattern.includes('/:')) return pattern === path;
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, at) => (part.startsWith(':') ? /^[^/]+$/.test(have[at]!) : part === have[at]))
  );
}

/** The page at `pathname` (trailing slashes ignored; APP_BASE is APP_HOME), or null: a 404. */
export function routeAt(pathname: string): RouteId | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === APP_BASE) return APP_HOME;
  return ROUTE_IDS.find((id) => matches(ROUTES[id].path, path)) ?? null;
}

/** The address of one board's page. */
export function boardPath(id: string): string {
  return ROUTES.board.path.replace(':id', encodeURIComponent(id));
}

/** The Database page's query parameter naming a tag its rows must carry (repeated for more). */
export const DATABASE_TAG_PARAM = 'tag';
/** The Database page's query parameter holding its quick search. */
export const DATABASE_QUERY_PARAM = 'q';

/**
 * The Database page filtered to the rows carrying every one of `tags` and matching the quick
 * search `query` (docs/ai.md#in-the-database); a blank query is left out.
 */
export function databasePath(tags: readonly string[], query = ''): string {
  const parts = tags.map((tag) => `${DATABASE_TAG_PARAM}=${encodeURIComponent(tag)}`);
  if (query.trim()) parts.push(`${DATABASE_QUERY_PARAM}=${encodeURIComponent(query)}`);
  return parts.length > 0 ? `${ROUTES.database.path}?${parts.join('&')}` : ROUTES.database.path;
}

/** The Database page filtered to the rows carrying every one of `tags` (the AI page's links). */
export function databaseTagsPath(tags: readonly string[]): string {
  return databasePath(tags);
}

/** The values of the parameter `name` in a query (`?a=1&a=2`), decoded, each once, in order. */
function queryValues(search: string, name: string): string[] {
  const values: string[] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at) !== name) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(at + 1).replace(/\+/g, ' '));
    } catch {
      continue;
    }
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}

/**
 * The tags a Database address's query names (`?tag=offer:price&tag=hook:urgency`), each once, in
 * their order; what is not text of a tag is left to the caller to check (isTag). A query the
 * browser cannot decode names none.
 */
export function databaseTagsOf(search: string): string[] {
  return queryValues(search, DATABASE_TAG_PARAM);
}

/** The quick search a Database address's query holds (`?q=free+shipping`); '' when none. */
export function databaseQueryOf(search: string): string {
  return queryValues(search, DATABASE_QUERY_PARAM)[0] ?? '';
}

/** The title of the page at `pathname`; any other path has the 404 page's. */
export function pageTitle(pathname: string): string {
  const id = routeAt(pathname);
  return id ? ROUTES[id].title : NOT_FOUND_TITLE;
}

/** The prerendered pages, with their ids, in the table's order. */
export function prerenderedPages(): ({ id: RouteId } & PageRoute)[] {
  return ROUTE_IDS.filter((id) => ROUTES[id].prerendered).map((id) => ({ id, ...ROUTES[id] }));
}
