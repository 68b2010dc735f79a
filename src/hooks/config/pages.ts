/**
 * The prerendered public pages (scripts/prerender.mjs), each at its exact path through a route of
 * ours: PocketBase's static handler would redirect /login to /login/. A route per page
 * (pb_hooks/config.pb.js), no middleware; each VM of the pool reads a page's file once.
 */
import { prerenderedPages } from '../../domain/pages/routes.ts';
import { pageRoute, prerenderedFile } from '../../domain/pages/static-files.ts';
import { publicDirOf, serveCommand } from './server-settings.ts';

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
 * static handler behind its gzip middleware (pb_hooks/config.pb.js): both are Go, so a request
 * for an asset holds no JS VM.
 */
export function assetsDir(): string {
  return `${publicDir()}/assets`;
}

/**
 * The empty app shell by its name, which the service worker precaches as its navigation fallback:
 * PocketBase's static handler would redirect /index.html to /, now the prerendered landing page,
 * and every offline /app page would then hydrate the landing page's HTML.
 */
const APP_SHELL_PATH = '/index.html';

/** The route patterns of the prerendered pages, and of the app shell. */
export function prerenderedRoutes(): string[] {
  return [...prerenderedPages().map((page) => pageRoute(page.path)), APP_SHELL_PATH];
}

/**
 * GET of a prerendered page: its HTML, or the empty app shell (index.html) when the build
 * has none (a build from before prerendering), which renders the page in the browser. GET
 * /index.html: the app shell.
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
