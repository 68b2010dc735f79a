// Node has no EventSource; the PocketBase SDK's realtime client needs one.
import { EventSource } from 'eventsource';

(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;
