import { Link } from 'react-router-dom';
import { ROUTES } from '../../domain/index.ts';
import { useIsClient } from '../components/use-is-client.ts';
import { setConsent, useConsent } from '../data/browser/consent.ts';
import './cookie-banner.css';

/**
 * docs/product.md#states-and-transitions: shown until the visitor accepts or rejects; the choice is
 * remembered. Never part of a prerendered page (it depends on this browser's storage): it appears once the
 * page hydrated.
 */
export function CookieBanner() {
  const isClient = useIsClient();
  const choice = useConsent();
  if (!isClient || choice) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies and local storage to keep you signed in and to understand how the site is used. Read
        our <Link to={ROUTES.privacy.path}>Privacy Policy</Link>.
      </p>
      <div className="row">
        <button type="button" className="button button-secondary" onClick={() => setConsent('rejected')}>
          Reject
        </button>
        <button type="button" className="button button-primary" onClick={() => setConsent('accepted')}>
          Accept
        </button>
      </div>
    </section>
  );
}
