import './offline-hint.css';

/**
 * Says why an action is disabled while the server cannot be reached (scouting, checkout and
 * account changes need it; reviewing and exporting do not).
 */
export function OfflineHint({ offline, action }: { offline: boolean; action: string }) {
  if (!offline) return null;
  return (
    <p className="offline-hint" role="note">
      Offline: {action} needs a connection to the server. It will be available again when you reconnect.
    </p>
  );
}
