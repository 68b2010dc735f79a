import { Link } from 'react-router-dom';
import { ROUTES } from '../../../domain/index.ts';
import { ExternalLink } from '../../components/external-link.tsx';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { CardIcon, ChatIcon, TicketIcon } from './support-icons.tsx';
import './support.css';

export function ContactPage() {
  const { communityChatUrl } = usePublicConfig();
  return (
    <div className="support-page">
      <div className="container">
        <header className="support-header">
          <h1>Contact</h1>
          <p className="lead">
            Questions about AdScout, your account or your results? Our team and a community of sellers are a
            message away.
          </p>
        </header>
        <div className="grid support-grid">
          <section className="card support-card" aria-labelledby="contact-chat">
            <span className="icon-circle">
              <ChatIcon />
            </span>
            <h2 id="contact-chat">Community chat</h2>
            <p className="muted">
              The fastest way to reach us: ask a question, share feedback or talk strategy with other sellers.
            </p>
            <ExternalLink className="button button-primary" href={communityChatUrl}>
              Open the chat
            </ExternalLink>
          </section>
          <section className="card support-card" aria-labelledby="contact-support">
            <span className="icon-circle">
              <TicketIcon />
            </span>
            <h2 id="contact-support">Support tickets</h2>
            <p className="muted">
              Something not working as expected? Open a support ticket and we will look into it personally.
            </p>
            <Link className="button button-secondary" to={ROUTES.support.path}>
              Get support
            </Link>
          </section>
          <section className="card support-card" aria-labelledby="contact-billing">
            <span className="icon-circle">
              <CardIcon />
            </span>
            <h2 id="contact-billing">Plans and billing</h2>
            <p className="muted">
              Change your plan, update your payment method or buy extra results from your account settings.
            </p>
            <Link className="button button-secondary" to={ROUTES.settings.path}>
              Go to Settings
            </Link>
          </section>
        </div>
      </div>
    </div>
  );
}
