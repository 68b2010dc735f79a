/**
 * The offline indicator of the /app shell: says when the browser is offline or the server cannot
 * be reached, that what shows is the copy saved on this device, and how many changes wait to sync.
 */
import { formatCount } from '../../domain/text/format.ts';
import { useConnectivity } from '../data/browser/connectivity.ts';
import { useSyncState } from '../data/local/local-data.ts';
import './connection-banner.css';

export function ConnectionBanner() {
  const connectivity = useConnectivity();
  const sync = useSyncState();
  const pending =
    sync.pendingWrites > 0
      ? ` ${sync.pendingWrites === 1 ? '1 change waits' : `${sync.pendingWrites} changes wait`} to sync.`
      : '';

  if (connectivity !== 'online') {
    return (
      <div className="connection-banner connection-offline" role="status" data-testid="connection-banner">
        <strong>
          {connectivity === 'unreachable' ? 'Cannot reach the AdScout server.' : 'You are offline.'}
        </strong>{' '}
        You are viewing the data saved on this device; scouting, checkout and account changes need a
        connection.{pending}
      </div>
    );
  }
  if (sync.phase === 'pulling' && !sync.caughtUp) {
    return (
      <div className="connection-banner" role="status" data-testid="connection-banner">
        Downloading your ads to this device… {formatCount(sync.pulledRows)} received so far.
      </div>
    );
  }
  return null;
}
