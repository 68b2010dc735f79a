/**
 * System notifications of finished scouts (docs/watches.md#notifications): the user's opt-in "Notify me when
 * a scout finishes", kept on this browser per user (localStorage `adscout.notify.<userId>`), the
 * browser's permission (asked only when the user turns the setting on), and the notification
 * itself, shown by the service worker (`showNotification`) so that it also works from a page
 * in the background and a click can bring the app back (public/sw-notifications.js). The caller
 * names the user: the session is server/'s (session.ts), which browser/ does not import.
 */
import { useCallback, useSyncExternalStore } from 'react';

export type NotificationSupport = 'granted' | 'denied' | 'default' | 'unsupported';

const listeners = new Set<() => void>();

function storageKey(userId: string): string {
  return `adscout.notify.${userId}`;
}

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;
}

/** What the browser allows: 'unsupported' where there is no Notification API or service worker. */
export function notificationPermission(): NotificationSupport {
  return supported() ? Notification.permission : 'unsupported';
}

function readOptIn(userId: string | null): boolean {
  if (!userId) return false;
  try {
    return localStorage.getItem(storageKey(userId)) === 'on';
  } catch {
    return false;
  }
}

function writeOptIn(userId: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(storageKey(userId), 'on');
    else localStorage.removeItem(storageKey(userId));
  } catch (error) {
    console.warn('[notifications] could not keep the setting', error);
  }
  for (const listener of listeners) listener();
}

/** `userId` opted in and the browser allows notifications. */
export function notificationsEnabled(userId: string | null): boolean {
  return readOptIn(userId) && notificationPermission() === 'granted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('adscout.notify.')) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface NotificationSetting {
  /** The switch as the user sees it: on only when opted in and allowed. */
  on: boolean;
  permission: NotificationSupport;
}

let lastSetting: NotificationSetting = { on: false, permission: 'unsupported' };
function snapshot(userId: string | null): NotificationSetting {
  const next = { on: notificationsEnabled(userId), permission: notificationPermission() };
  if (next.on !== lastSetting.on || next.permission !== lastSetting.permission) lastSetting = next;
  return lastSetting;
}

/** The setting of `userId` (off when null). */
export function useNotificationSetting(userId: string | null): NotificationSetting {
  const read = useCallback(() => snapshot(userId), [userId]);
  return useSyncExternalStore(subscribe, read, () => lastSetting);
}

/**
 * Turns the setting on: asks the browser for permission (only now, never before) and keeps the
 * opt-in when it is granted. Returns what the browser answered.
 */
export async function enableNotifications(userId: string): Promise<NotificationSupport> {
  if (!supported()) return 'unsupported';
  // answers at once, without a prompt, when the user already decided
  const permission = await Notification.requestPermission();
  writeOptIn(userId, permission === 'granted');
  return permission;
}

export function disableNotifications(userId: string): void {
  writeOptIn(userId, false);
}

/**
 * Shows a system notification when `userId` opted in, the browser allows it and the page is
 * hidden (an open, visible app shows a toast instead). `url` opens when it is clicked.
 */
export async function notifyInBackground(
  userId: string,
  message: { title: string; body: string; url: string; tag: string },
) {
  if (document.visibilityState !== 'hidden' || !notificationsEnabled(userId)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return;
    await registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      data: { url: message.url },
    });
  } catch (error) {
    console.warn('[notifications] could not show a notification', error);
  }
}
