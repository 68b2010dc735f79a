import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  APP_BASE,
  APP_HOME,
  boardPath,
  databaseTagsOf,
  databasePath,
  databaseQueryOf,
  databaseTagsPath,
  isSignedInAppPath,
  pageTitle,
  prerenderedPages,
  ROUTE_IDS,
  routeAt,
  ROUTES,
} from './routes.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ROUTER = 'src/web/app/app.tsx';

describe('pageTitle', () => {
  it('names the page, then the product', () => {
    expect(pageTitle('/login')).toBe('Log In — AdScout');
    expect(pageTitle('/app/database')).toBe('Search Database — AdScout');
    expect(pageTitle('/')).toBe('AdScout — Find, Study, and Replicate Winning Ads');
  });

  it('ignores a trailing slash; /app is the Search page', () => {
    expect(pageTitle('/subscribe/')).toBe('Choose Your Plan — AdScout');
    expect(pageTitle('/app')).toBe('Search — AdScout');
    expect(pageTitle('/app/')).toBe('Search — AdScout');
  });

  it('gives any other path the 404 page’s title', () => {
    expect(pageTitle('/no-such-page')).toBe('Page not found — AdScout');
    expect(pageTitle('/app/nothing')).toBe('Page not found — AdScout');
    expect(pageTitle('/login/extra')).toBe('Page not found — AdScout');
  });

  it('gives every page a title of its own', () => {
    const titles = ROUTE_IDS.map((id) => pageTitle(ROUTES[id].path));
    expect(titles).not.toContain('Page not found — AdScout');
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('the route table', () => {
  it('finds each page by its path', () => {
    for (const id of ROUTE_IDS) expect(routeAt(ROUTES[id].path)).toBe(id);
    expect(routeAt(APP_BASE)).toBe(APP_HOME);
    expect(routeAt('/app/search/extra')).toBeNull();
  });

  it('finds a board’s page by its id, one segment only', () => {
    expect(routeAt('/app/boards')).toBe('boards');
    expect(routeAt(boardPath('k3v9x2m1q8w7e6r'))).toBe('board');
    expect(boardPath('a/b')).toBe('/app/boards/a%2Fb');
    expect(routeAt('/app/boards/a/b')).toBeNull();
    expect(pageTitle('/app/boards/k3v9x2m1q8w7e6r/')).toBe('Board — AdScout');
  });

  it('puts the app’s pages, and only those, under APP_BASE', () => {
    for (const id of ROUTE_IDS) {
      const { path, access } = ROUTES[id];
      expect([id, isSignedInAppPath(path)]).toEqual([id, access !== 'public']);
    }
    expect(isSignedInAppPath('/app')).toBe(true);
    expect(isSignedInAppPath('/apple')).toBe(false);
  });

  it('prerenders public pages only, the landing page first', () => {
    const pages = prerenderedPages();
    expect(pages[0]?.id).toBe('landing');
    for (const page of pages) expect([page.id, page.access]).toEqual([page.id, 'public']);
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/contact',
      '/support',
      '/terms',
      '/privacy',
      '/login',
      '/register',
      '/subscribe',
    ]);
  });

  it('names an existing module for every page', () => {
    for (const id of ROUTE_IDS) expect([id, existsSync(join(ROOT, ROUTES[id].module))]).toEqual([id, true]);
  });

  it('matches the router’s imports: each page’s module is the one app.tsx loads for it', () => {
    const source = readFileSync(join(ROOT, ROUTER), 'utf8');
    const fromRouter = (specifier: string) => posix.join(posix.dirname(ROUTER), specifier);
    // the pages loaded on demand: `id: preloadable(() => … import('…') …),` in its PAGES table
    const table = /const PAGES = \{([^]*?)\n\} satisfies/.exec(source)?.[1] ?? '';
    const entries = [...table.matchAll(/^ {2}(\w+): preloadable\(/gm)];
    expect(entries.length).toBeGreaterThan(0);
    const onDemand = new Map<string, string>();
    entries.forEach((entry, index) => {
      const body = table.slice(entry.index, entries[index + 1]?.index ?? table.length);
      const specifier = /import\('([^']+)'\)/.exec(body)?.[1];
      expect([entry[1], specifier]).toEqual([entry[1], expect.any(String)]);
      onDemand.set(entry[1]!, fromRouter(specifier!));
    });
    // the others (none now: every page is on demand) would be imported statically, into the entry chunk
    const imported = new Set(
      [...source.matchAll(/^import [^;]* from '(\.[^']+)';$/gm)].map((m) => fromRouter(m[1]!)),
    );
    for (const id of ROUTE_IDS) {
      const module = ROUTES[id].module;
      if (onDemand.has(id)) expect([id, onDemand.get(id)]).toEqual([id, module]);
      else expect([id, imported.has(module)]).toEqual([id, true]);
    }
    expect([...onDemand.keys()].filter((id) => !(ROUTE_IDS as string[]).includes(id))).toEqual([]);
  });
});

describe('the Database page filtered to tags', () => {
  it('names each tag in the query, and reads them back once each, in order', () => {
    const path = databaseTagsPath(['offer:free_shipping', 'cta:shop_now']);
    expect(path).toBe(`${ROUTES.database.path}?tag=offer%3Afree_shipping&tag=cta%3Ashop_now`);
    expect(databaseTagsOf(path.slice(path.indexOf('?')))).toEqual(['offer:free_shipping', 'cta:shop_now']);
    expect(databaseTagsPath([])).toBe(ROUTES.database.path);
  });
  it('ignores other parameters, repeats and what cannot be decoded', () => {
    expect(databaseTagsOf('?x=1&tag=hook%3Aurgency&tag=hook:urgency&tag=%E0%A4%A&tag=')).toEqual([
      'hook:urgency',
    ]);
    expect(databaseTagsOf('')).toEqual([]);
  });
});

describe('the Database page with a quick search', () => {
  it('keeps the search in ?q= beside the tags, and reads it back', () => {
    const path = databasePath(['offer:price'], 'free & easy');
    expect(path).toBe(`${ROUTES.database.path}?tag=offer%3Aprice&q=free%20%26%20easy`);
    const search = path.slice(path.indexOf('?'));
    expect(databaseQueryOf(search)).toBe('free & easy');
    expect(databaseTagsOf(search)).toEqual(['offer:price']);
    expect(databaseQueryOf('?q=free+shipping')).toBe('free shipping');
  });
  it('leaves a blank search out, and reads none from an address without one', () => {
    expect(databasePath([], '  ')).toBe(ROUTES.database.path);
    expect(databasePath(['hook:urgency'])).toBe(databaseTagsPath(['hook:urgency']));
    expect(databaseQueryOf('?tag=hook%3Aurgency')).toBe('');
    expect(databaseQueryOf('?q=%E0%A4%A')).toBe('');
  });
});
