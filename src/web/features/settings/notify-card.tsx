import { useId, useState } from 'react';
import { PRODUCT_MESSAGES } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import {
  disableNotifications,
  enableNotifications,
  useNotificationSetting,
} from '../../data/browser/notifications.ts';
import { useSession } from '../../data/server/session.ts';

/**
 * "Notify me when a scout finishes" (docs/watches.md#notifications): a system notification when a run
 * finishes while AdScout is in the background. The browser's permission is asked only when the user turns
 * this on, never before.
 */
export function NotifyCard() {
  const toast = useToast();
  const userId = useSession()?.userId ?? null;
  const setting = useNotificationSetting(userId);
  const [asking, setAsking] = useState(false);
  const switchId = useId();
  const hintId = useId();

  async function onToggle(on: boolean) {
    if (!userId) return;
    if (!on) {
      disableNotifications(userId);
      return;
    }
    setAsking(true);
    try {
      const answer = await enableNotifications(userId);
      if (answer === 'denied') toast.error(PRODUCT_MESSAGES.notificationsBlocked);
      else if (answer === 'default') toast.info(PRODUCT_MESSAGES.notificationsNoAnswer);
      else if (answer === 'unsupported') toast.error(PRODUCT_MESSAGES.notificationsUnsupported);
    } finally {
      setAsking(false);
    }
  }

  const blocked = setting.permission === 'denied';
  const unsupported = setting.permission === 'unsupported';
  return (
    <section className="card settings-card" aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`}>Notifications</h2>
      <label className="checkbox-row" htmlFor={switchId}>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={setting.on}
          disabled={asking || unsupported}
          aria-describedby={hintId}
          onChange={(event) => void onToggle(event.target.checked)}
        />
        Notify me when a scout finishes
      </label>
      <p id={hintId} className="muted">
        {unsupported
          ? PRODUCT_MESSAGES.notificationsUnsupported
          : blocked
            ? PRODUCT_MESSAGES.notificationsBlockedHint
            : 'While AdScout is in the background, a notification tells you when a scout or a watch finishes. This setting is kept on this browser.'}
      </p>
    </section>
  );
}
