import { Link } from 'react-router-dom';
import { setConsent, useConsent } from '../data/consent.ts';
import './cookie-banner.css';

/** SPEC §4: shown until the visitor accepts or rejects; the choice is remembered. */
export function CookieBanner() {
  const choice = useConsent();
  if (choice) return null;
  return (
    <section className="cookie-banner" aria-label="Cookie consent">
      <p>
        We use cookies and local storage to keep you signed in and to understand how the site is used. Read
        our <Link to="/privacy">Privacy Policy</Link>.
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
