/**
 * The one PocketBase client of the browser (docs/product.md#calls-and-exports: one shared backend client with
 * a persisted session). Features never see it: they call the functions of src/web/data.
 */
import PocketBase from 'pocketbase';

// The PWA and the API share one origin (PocketBase serves dist/); `npm run dev` proxies /api.
// At build time (scripts/prerender.mjs) there is no window: the prerendered pages call no API.
export const pb = new PocketBase(typeof window === 'undefined' ? '/' : window.location.origin);

// React StrictMode and parallel hooks issue duplicate requests on purpose; never auto-cancel them.
pb.autoCancellation(false);

export { errorMessage, isNetworkError, UserFacingError } from './errors.ts';
