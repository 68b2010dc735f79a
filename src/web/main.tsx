import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The design system first, so that feature styles imported by the app come after it.
import './app/global.css';
import { App, preloadRoute } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The current route's modules first (from the service worker's cache on a repeat visit), so that
// the first render shows the page rather than a Suspense fallback (app/preloadable.tsx).
void preloadRoute(window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
