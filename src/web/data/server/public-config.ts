/**
 * SERVER_ROUTES.config: what the browser may know about the server (community chat, demo
 * video, billing mode, scout source). Loaded once per page load and remembered for offline use.
 */
import { useSyncExternalStore } from 'react';
// Direct module imports, not the domain index: this module is on the landing page, whose first
// download must not carry zod (the index pulls in every schema).
import { SERVER_ROUTES } from '../../../domain/api/routes.ts';
import { DEFAULT_CONFIG } from '../../../domain/pages/config.ts';
import {
  parsePublicConfig,
  type PublicConfigShape as PublicConfig,
} from '../../../domain/records/constants.ts';

const STORAGE_KEY = 'adscout.public-config';

const FALLBACK: PublicConfig = {
  communityChatUrl: DEFAULT_CONFIG.communityChatUrl,
  demoVideoUrl: DEFAULT_CONFIG.demoVideoUrl,
  billingMode: 'local',
  scoutSource: DEFAULT_CONFIG.scoutSource,
  vapidPublicKey: '',
};

function remembered(): PublicConfig {
  try {
    const parsed = parsePublicConfig(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null'));
    if (parsed) return parsed;
  } catch {
    // unreadable storage: use the defaults
  }
  return FALLBACK;
}

let config = remembered();
let requested = false;
const listeners = new Set<() => void>();

async function load(): Promise<void> {
  try {
    const response = await fetch(SERVER_ROUTES.config.path, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const parsed = parsePublicConfig(await response.json());
    if (!parsed) throw new Error('unexpected config shape');
    config = parsed;
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(config));
    } catch {
      // storage full or disabled: keep it in memory only
    }
    for (const listener of listeners) listener();
  } catch (error) {
    // Offline or server down: the remembered (or default) values stay in use.
    console.warn(`[config] could not load ${SERVER_ROUTES.config.path}`, error);
    requested = false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    void load();
  }
  return () => listeners.delete(listener);
}

const snapshot = () => config;
// Prerendered pages carry the defaults; hydration starts from them, then shows the real config.
const prerendered = () => FALLBACK;

export function usePublicConfig(): PublicConfig {
  return useSyncExternalStore(subscribe, snapshot, prerendered);
}
