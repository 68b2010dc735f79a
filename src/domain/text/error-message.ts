/**
 * What a caught value says, for logs and for the few places that show an error's own words. The
 * plain-Node scripts keep their own copy (scripts/lib/run.mjs): they run before tsx is installed.
 */

/** An Error's message, or any other thrown value as text (a string as it is). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
