import { useId, useState } from 'react';
import { PRODUCT_MESSAGES } from '../../../domain/index.ts';
import { useToast } from '../../components/toast.tsx';
import {
  disableNotifications,
  enableNotifications,
  useNotificationSetting,
} from '../../data/browser/notifications.ts';
import { pushSupported } from '../../data/browser/push.ts';
import { turnPushOff, turnPushOn } from '../../data/local/push-setting.ts';
import { errorMessage } from '../../data/server/errors.ts';
import { usePublicConfig } from '../../data/server/public-config.ts';
import { useSession } from '../../data/server/session.ts';

/**
 * "Notify me when a scout finishes" (docs/watches.md#notifications, docs/push.md#the-browser): a
 * system notification when a run finishes, by Web Push even with AdScout closed where the browser
 * can receive pushes, else while AdScout is open in a tab. The browser's permission is asked only
 * when the user turns this on, never before; turning it off unsubscribes this browser.
 */
export function NotifyCard() {
  const toast = useToast();
  const userId = useSession()?.userId ?? null;
  const setting = useNotificationSetting(userId);
  const { vapidPublicKey } = usePublicConfig();
  const [asking, setAsking] = useState(false);
  const switchId = useId();
  const hintId = useId();

  async function onToggle(on: boolean) {
    if (!userId) return;
    setAsking(true);
    try {
      if (!on) {
        disableNotifications(userId);
        await turnPushOff();
        return;
      }
      const answer = await enableNotifications(userId);
      if (answer === 'denied') toast.error(PRODUCT_MESSAGES.notificationsBlocked);
      else if (answer === 'default') toast.info(PRODUCT_MESSAGES.notificationsNoAnswer);
      else if (answer === 'unsupported') toast.error(PRODUCT_MESSAGES.notificationsUnsupported);
      if (answer !== 'granted') return;
      try {
        await turnPushOn(userId, vapidPublicKey);
      } catch (error) {
        // the in-app notifications stay on; the push refused is named (the 11th browser, say)
        console.warn('[push] could not subscribe', error);
        toast.error(errorMessage(error, PRODUCT_MESSAGES.notificationsSubscribeFailed));
      }
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
            : pushSupported()
              ? PRODUCT_MESSAGES.notificationsHint
              : PRODUCT_MESSAGES.notificationsInAppOnly}
      </p>
      <p className="muted">{PRODUCT_MESSAGES.notificationsHomeScreen}</p>
    </section>
  );
}
