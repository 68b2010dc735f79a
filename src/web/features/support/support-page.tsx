import { Link } from 'react-router-dom';
import { ROUTES } from '../../../domain/index.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { TicketIcon } from './support-icons.tsx';
import './support.css';

export function SupportPage() {
  const { communityChatUrl } = usePublicConfig();
  return (
    <div className="support-page">
      <div className="container">
        <header className="support-header">
          <h1>Need Help?</h1>
          <p className="lead">
            Create a support ticket through our community chat and our team will get back to you.
          </p>
        </header>
        <section className="card support-panel" aria-labelledby="support-how">
          <span className="icon-circle">
            <TicketIcon />
          </span>
          <h2 id="support-how">How to create a support ticket</h2>
          <ol className="support-steps">
            <li>Open the community chat with the button below; it opens in a new tab.</li>
            <li>Find the support channel and create a new ticket.</li>
            <li>
              Tell us the email address of your AdScout account, what you were doing, and the search name if
              your question is about a search. A screenshot helps.
            </li>
          </ol>
          <ExternalLink className="button button-primary" href={communityChatUrl}>
            Open the community chat
          </ExternalLink>
          <p className="notice notice-info">
            <strong>Never share your password</strong> — our team will never ask for it.
          </p>
        </section>
        <p className="support-footer muted">
          Looking for other ways to reach us? See the <Link to={ROUTES.contact.path}>Contact</Link> page.
        </p>
      </div>
    </div>
  );
}
