/**
 * Globals of PocketBase's JS VM (goja) that pocketbase-jsvm.d.ts does not declare. The VM has no
 * Node or browser APIs, no timers and no event loop: only what is declared here and there.
 */
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
