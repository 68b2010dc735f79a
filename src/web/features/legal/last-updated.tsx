import { useIsClient } from '../../components/use-is-client.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * docs/product.md#screens-and-routes: the legal pages show today's date as their "Last updated" date, e.g.
 * "November 22, 2026". The date is the visitor's today, not the build's: it is filled in once the page
 * hydrated.
 */
export function LastUpdated() {
  const isClient = useIsClient();
  const today = new Date();
  const isoDate = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return (
    <p className="legal-updated">
      Last updated:{' '}
      {isClient && (
        <time dateTime={isoDate}>
          {today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}
        </time>
      )}
    </p>
  );
}
