/** docs/product.md: the cookie-consent choice, kept under one local-storage key. */
import { useSyncExternalStore } from 'react';

export const CONSENT_STORAGE_KEY = 'adscout.cookie-consent';
export const CONSENT_CHOICES = ['accepted', 'rejected'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

const listeners = new Set<() => void>();

function read(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return CONSENT_CHOICES.find((choice) => choice === value) ?? null;
  } catch {
    return null;
  }
}

export function setConsent(choice: ConsentChoice): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Storage disabled: the choice holds for this page view only.
    memory = choice;
  }
  for (const listener of listeners) listener();
}

let memory: ConsentChoice | null = null;
const snapshot = () => read() ?? memory;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored choice, or null while the visitor has not chosen. */
export function useConsent(): ConsentChoice | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
