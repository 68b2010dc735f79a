import { Link } from 'react-router-dom';
import { ROUTES } from '../../domain/index.ts';
import { useIsClient } from '../components/use-is-client.ts';
import { setConsent, useConsent } from '../data/browser/consent.ts';
import './cookie-banner.css';

/**
 * docs/product.md#states-and-transitions: shown until the visitor accepts or rejects; the choice is
 * remembered. Part of every prerendered page, so that a first visit paints it with the page rather
 * than after the app hydrated (it was /login's largest paint, long after the rest); for a visitor
 * who chose, the prerendered page's start script marks the document (`data-consent`,
 * scripts/prerender.mjs) and cookie-banner.css hides it until the hydrated app drops it. Its buttons
 * stay disabled until then.
 */
export function CookieBanner() {
  const isClient = useIsClient();
  const choice = useConsent();
  if (isClient && choice) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies and local storage to keep you signed in and to understand how the site is used. Read
        our <Link to={ROUTES.privacy.path}>Privacy Policy</Link>.
      </p>
      <div className="row">
        <button
          type="button"
          className="button button-secondary"
          disabled={!isClient}
          onClick={() => setConsent('rejected')}
        >
          Reject
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!isClient}
          onClick={() => setConsent('accepted')}
        >
          Accept
        </button>
      </div>
    </section>
  );
}
