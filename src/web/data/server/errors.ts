/**
 * Errors of calls to the server, in the words a user should read (docs/product.md#messages). No client
 * instance here, so modules that take their PocketBase client as a parameter (the sync engine) can use it.
 */
import { ClientResponseError } from 'pocketbase';
import { MESSAGES } from '../../../domain/forms/messages.ts';

/** An error whose message was written for the user (the wording of docs/product.md#messages). */
export class UserFacingError extends Error {}

/**
 * The message a user should read for a failed call: the server's own (PocketBase puts the field
 * message of a validation error under `data`), or the fallback docs/product.md#messages gives for that
 * action.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof UserFacingError) return error.message;
  if (error instanceof ClientResponseError) {
    // status 0: the request never reached the server (offline, aborted, DNS)
    if (error.status === 0) return fallback;
    const fields = (error.response?.data ?? {}) as Record<string, { message?: unknown }>;
    for (const field of Object.values(fields)) {
      if (field && typeof field.message === 'string' && field.message) return field.message;
    }
    const message = error.response?.message;
    if (typeof message === 'string' && message) return specWording(message);
    return fallback;
  }
  return fallback;
}

/**
 * The field messages of a 400 (PocketBase puts them under `data`, keyed by field: its own
 * validation's and a hook's that names the field), for a form to show under each field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ClientResponseError) || error.status !== 400) return {};
  const fields = (error.response?.data ?? {}) as Record<string, { message?: unknown } | null>;
  const named: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value && typeof value.message === 'string' && value.message) named[field] = value.message;
  }
  return named;
}

const SPEC_MESSAGES = new Set<string>(Object.values(MESSAGES));

/**
 * PocketBase ends every error message with a period; our routes send the messages of
 * docs/product.md#messages, some of which have none. Give those back word for word.
 */
function specWording(message: string): string {
  const bare = message.endsWith('.') ? message.slice(0, -1) : message;
  return SPEC_MESSAGES.has(bare) ? bare : message;
}

/** True when a call failed because the network or server could not be reached. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 0;
}

/** True when a failed call is worth retrying later: unreachable, rate limited or a server fault. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ClientResponseError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}
