import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../domain/index.ts';
import { CloseIcon, LogoMark, MenuIcon } from '../components/icons.tsx';
import { useIsClient } from '../components/use-is-client.ts';

/**
 * The sticky header of both shells. On small screens the navigation folds behind a menu button
 * (docs/decisions.md#the-navigation-on-small-screens), which closes again on navigation and on Escape.
 */
export function SiteHeader({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const location = useLocation();
  const isClient = useIsClient(); // a prerendered button does nothing until the page hydrated

  // Close the menu whenever the route changes.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="site-header">
      <div className="container">
        <Link to={ROUTES.landing.path} className="brand">
          <LogoMark />
          AdScout
        </Link>
        <button
          type="button"
          className="button button-ghost menu-button"
          aria-expanded={open}
          aria-controls={navId}
          disabled={!isClient}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <nav id={navId} aria-label={label} className={open ? 'nav open' : 'nav'}>
          {children}
        </nav>
      </div>
    </header>
  );
}
