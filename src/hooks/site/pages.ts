/**
 * The prerendered public pages (scripts/prerender.mjs), each at its exact path through a route of
 * ours: PocketBase's static handler would redirect /login to /login/. A route per page (the
 * family of pageServerRoutes in src/domain/api/routes.ts, registered by pb_hooks/site.pb.js), no
 * middleware; each VM of the pool reads a page's file once.
 */
import { ASSETS_BASE } from '../../domain/api/routes.ts';
import { prerenderedPages } from '../../domain/pages/routes.ts';
import {
  NOINDEX,
  prerenderedFile,
  SHARED_BOARD_PAGE_CACHE,
  SHARED_BOARD_PAGE_FILE,
} from '../../domain/pages/static-files.ts';
import { publicDirOf, serveCommand } from '../config/index.ts';

const pages: Record<string, string> = {};

function publicDir(): string {
  const command = serveCommand($os.args);
  return command ? publicDirOf(command, $os.args) : 'pb_public';
}

function readText(file: string): string | null {
  try {
    return toString($os.readFile(file));
  } catch {
    return null;
  }
}

/**
 * The directory of the hashed build files (`<publicDir>/assets`), served by PocketBase's own
 * static handler behind its gzip middleware (pb_hooks/site.pb.js): both are Go, so a request
 * for an asset holds no JS VM.
 */
export function assetsDir(): string {
  return `${publicDir()}${ASSETS_BASE}`;
}

/**
 * GET of a prerendered page: its HTML, or the empty app shell (index.html) when the build
 * has none (a build from before prerendering), which renders the page in the browser. GET
 * /index.html (APP_SHELL_PATH) is the app shell by its name, which the service worker precaches as
 * its navigation fallback: PocketBase's static handler would redirect it to /, now the prerendered
 * landing page, and every offline /app page would then hydrate the landing page's HTML.
 */
export function handlePrerenderedPage(e: core.RequestEvent): void {
  const path = e.request!.url!.path;
  let html = pages[path];
  if (html === undefined) {
    const page = prerenderedPages().find((candidate) => candidate.path === path);
    const dir = publicDir();
    const found = (page && readText(`${dir}/${prerenderedFile(page.path)}`)) ?? readText(`${dir}/index.html`);
    if (found === null) throw new NotFoundError();
    html = pages[path] = found;
  }
  e.response.header().set('Content-Type', 'text/html; charset=utf-8');
  return e.html(200, html);
}

/**
 * SERVER_ROUTES.sharedBoardPage, GET /s/{token}: the shared board's page (share.html, an entry of
 * its own: docs/boards.md#the-shared-page), the same file for every token; the page reads the board
 * through SERVER_ROUTES.sharedBoard, which checks the token. Never the app shell: a build without
 * the page answers 404. Kept out of search engines and shared caches: the URL is the capability.
 */
export function handleSharedBoardPage(e: core.RequestEvent): void {
  let html = pages[SHARED_BOARD_PAGE_FILE];
  if (html === undefined) {
    const found = readText(`${publicDir()}/${SHARED_BOARD_PAGE_FILE}`);
    if (found === null) throw new NotFoundError();
    html = pages[SHARED_BOARD_PAGE_FILE] = found;
  }
  const header = e.response.header();
  header.set('Content-Type', 'text/html; charset=utf-8');
  header.set('Cache-Control', SHARED_BOARD_PAGE_CACHE);
  header.set('X-Robots-Tag', NOINDEX);
  return e.html(200, html);
}
