/**
 * The title of every page (the browser tab, the history list, a search engine's result): the
 * page's own heading, then the product. One list for the prerendered HTML (scripts/prerender.mjs)
 * and the browser, which sets it on every navigation (main.tsx).
 */

export const PRODUCT_NAME = 'AdScout';

/** What the landing page's title says after the name: SPEC §2's second section. */
const LANDING_TITLE = `${PRODUCT_NAME} — Find, Study, and Replicate Winning Ads`;
const NOT_FOUND_TITLE = `Page not found — ${PRODUCT_NAME}`;

/** Each page's name, by path: its heading, or what the page is when the heading is a greeting. */
const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/contact': 'Contact',
  '/support': 'Need Help?',
  '/terms': 'Terms of Service',
  '/privacy': 'Privacy Policy',
  '/login': 'Log In',
  '/register': 'Create Account',
  '/subscribe': 'Choose Your Plan',
  '/forgot-password': 'Forgot Password',
  '/reset-password': 'Choose a New Password',
  '/confirm-email-change': 'Confirm Your New Email',
  '/app/search': 'Search',
  '/app/history': 'Search History',
  '/app/database': 'Search Database',
  '/app/keywords': 'Keywords',
  '/app/ai': 'AI Features',
  '/app/settings': 'Settings',
};

/** The title of the page at `pathname` (trailing slashes ignored; /app is the Search page). */
export function pageTitle(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return LANDING_TITLE;
  const name = PAGE_NAMES[path === '/app' ? '/app/search' : path];
  return name ? `${name} — ${PRODUCT_NAME}` : NOT_FOUND_TITLE;
}
