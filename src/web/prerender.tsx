/**
 * The build-time entry of the public pages (scripts/prerender.mjs builds it with Vite for Node):
 * renders a public route to HTML with the same routes and components the browser then hydrates.
 * Nothing here may depend on a visitor: those parts render on the client only (useIsClient).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App, preloadRoute, routes } from './app/app.tsx';

export { PUBLIC_PAGES, prerenderedFile } from '../domain/public-pages.ts';
export { pageTitle } from '../domain/page-titles.ts';

/**
 * The module of each public page that the browser loads on demand (app.tsx), whose CSS and
 * JavaScript the prerendered HTML links at once, so the page is styled before any script runs
 * and hydrates without waiting for a second round trip. The landing page is in the entry chunk.
 * A public page missing here fails the build (scripts/prerender.mjs).
 */
export const PAGE_MODULES: Record<string, string | null> = {
  '/': null,
  '/contact': 'src/web/features/support/contact-page.tsx',
  '/support': 'src/web/features/support/support-page.tsx',
  '/terms': 'src/web/features/legal/terms-page.tsx',
  '/privacy': 'src/web/features/legal/privacy-page.tsx',
  '/login': 'src/web/features/auth/login-page.tsx',
  '/register': 'src/web/features/auth/register-page.tsx',
  '/subscribe': 'src/web/features/billing/subscribe-page.tsx',
};

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
