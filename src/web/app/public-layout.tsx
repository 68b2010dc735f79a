import { Link, NavLink, Outlet } from 'react-router-dom';
import { ROUTES } from '../../domain/index.ts';
import { COPYRIGHT_YEAR } from '../../domain/forms/limits.ts';
import { ExternalLink } from '../components/external-link.tsx';
import { usePublicConfig } from '../data/server/public-config.ts';
import { CookieBanner } from './cookie-banner.tsx';
import { SiteHeader } from './site-header.tsx';

export function PublicLayout() {
  const { communityChatUrl } = usePublicConfig();
  return (
    <div className="page">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader label="Main">
        <NavLink to={ROUTES.landing.path} end className="nav-link">
          Home
        </NavLink>
        <ExternalLink href={communityChatUrl} className="nav-link">
          Community
        </ExternalLink>
        <NavLink to={ROUTES.contact.path} className="nav-link">
          Contact
        </NavLink>
        <NavLink to={ROUTES.login.path} className="nav-link">
          Login
        </NavLink>
        <Link to={ROUTES.register.path} className="button button-primary">
          Start Now
        </Link>
      </SiteHeader>
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter communityChatUrl={communityChatUrl} />
      <CookieBanner />
    </div>
  );
}

export function SiteFooter({ communityChatUrl }: { communityChatUrl: string }) {
  return (
    <footer className="site-footer">
      <div className="container">
        <p>© {COPYRIGHT_YEAR} AdScout. All rights reserved.</p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to={ROUTES.terms.path}>Terms</Link>
            </li>
            <li>
              <Link to={ROUTES.privacy.path}>Privacy</Link>
            </li>
            <li>
              <Link to={ROUTES.contact.path}>Contact</Link>
            </li>
            <li>
              <ExternalLink href={communityChatUrl}>Community</ExternalLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
