import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { messageOf, ROUTES } from '../../domain/index.ts';
import { MESSAGES } from '../../domain/forms/messages.ts';

export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : messageOf(error);
  return (
    <section className="route-error" role="alert">
      <h1>{MESSAGES.unexpectedError}</h1>
      <p>{detail}</p>
      <a href={ROUTES.landing.path}>Go back to Home</a>
    </section>
  );
}
