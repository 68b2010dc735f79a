import { Link, Outlet } from 'react-router-dom';
import { COPYRIGHT_YEAR } from '../../domain/limits.ts';

export function PublicLayout() {
  return (
    <div className="page">
      <header className="site-header">
        <Link to="/" className="brand">
          AdScout
        </Link>
      </header>
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">© {COPYRIGHT_YEAR} AdScout. All rights reserved.</footer>
    </div>
  );
}
