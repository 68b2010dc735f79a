/**
 * The build-time entry of the public pages (scripts/prerender.mjs builds it with Vite for Node):
 * renders a public route to HTML with the same routes and components the browser then hydrates.
 * Nothing here may depend on a visitor: those parts render on the client only (useIsClient).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { prerenderedPages } from '../domain/pages/routes.ts';
import { App, preloadRoute, routes } from './app/app.tsx';

export { prerenderedFile } from '../domain/pages/static-files.ts';
export { pageTitle } from '../domain/pages/routes.ts';
export { CONSENT_CHOICES, CONSENT_STORAGE_KEY } from './data/browser/consent.ts';

/**
 * The pages to prerender (src/domain/pages/routes.ts), each with the module that the browser loads on
 * demand (app.tsx), whose CSS and JavaScript the prerendered HTML links at once, so the page is
 * styled before any script runs and hydrates without waiting for a second round trip.
 */
export const PRERENDERED_PAGES: { path: string; module: string }[] = prerenderedPages().map((route) => ({
  path: route.path,
  module: route.module,
}));

/** The markup of the route at `path`, to go inside index.html's #root. */
export async function renderPage(path: string): Promise<string> {
  await preloadRoute(path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  try {
    return renderToString(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  } finally {
    router.dispose();
  }
}
