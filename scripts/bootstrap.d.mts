export const ROOT: string;
export const BIN_DIR: string;
export function nodeModulesCurrent(): boolean;
export function ensureNodeModules(): Promise<boolean>;
export function ensurePocketBase(): Promise<string>;
export function ensureStripeMock(): Promise<string>;
export function ensureMailpit(): Promise<string>;
export function webBuildDir(): string;
export function ensureWebBuild(): Promise<boolean>;
export function ensureHooksBundle(): Promise<boolean>;
export function bootstrapForRunner(
  what: string,
): Promise<{ pocketbase: string; stripeMock: string | null; mailpit: string | null; seconds: number }>;
export function bootstrap(options?: {
  stripeMock?: boolean;
  web?: boolean;
  hooksBundle?: boolean;
}): Promise<{ pocketbase: string; stripeMock: string | null; mailpit: string | null; seconds: number }>;
