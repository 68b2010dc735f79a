export const HOOKS_BUNDLE: string;
export function buildHooksBundle(): Promise<string>;
