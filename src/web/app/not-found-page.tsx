import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '../../domain/index.ts';
import { MESSAGES } from '../../domain/forms/messages.ts';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    // docs/product.md#screens-and-routes: the missing path is logged to the console.
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="not-found">
      <h1>404</h1>
      <p className="lead">{MESSAGES.pageNotFound}</p>
      <p>{MESSAGES.pageNotFoundBody}</p>
      <Link to={ROUTES.landing.path}>Go back to Home</Link>
    </section>
  );
}
