import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
// The design system first, so that feature styles imported by the app come after it.
import './app/global.css';
import './app/app-pages.css';
import { App, preloadRoute, routes } from './app/app.tsx';
import { pageTitle } from '../domain/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const router = createBrowserRouter(routes);
// Each page's title (src/domain/pages/routes.ts): the prerendered pages come with theirs; the app
// shell's is set here, and every navigation sets the next page's.
document.title = pageTitle(window.location.pathname);
router.subscribe((state) => {
  document.title = pageTitle(state.location.pathname);
});
const app = (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);
// The current route's modules first (from the service worker's cache on a repeat visit), so that
// the first render shows the page rather than a Suspense fallback (app/preloadable.tsx), and so
// that a prerendered page hydrates without suspending.
void preloadRoute(window.location.pathname).then(() => {
  // A public page comes prerendered (scripts/prerender.mjs) and is hydrated; the empty app shell
  // (/app/*, unknown paths, the service worker's fallback) is rendered from scratch.
  if (container.firstElementChild) {
    hydrateRoot(container, app, {
      onRecoverableError: (error) =>
        console.error('[hydrate] the page did not match its prerendered HTML', error),
    });
  } else {
    createRoot(container).render(app);
  }
});
