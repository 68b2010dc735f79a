/**
 * What the pages that mail links open need (docs/accounts.md): asking for a reset link, setting a new
 * password with its token, and confirming an email change, all through PocketBase's own routes.
 * Kept apart from account.ts so these public pages load no local database code.
 */
import { ClientResponseError } from 'pocketbase';
import { COLLECTIONS } from '../../../domain/api/collections.ts';
import { pb } from './client.ts';
import { signOut } from './session.ts';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await pb.collection(COLLECTIONS.users).requestPasswordReset(email.trim());
}

/**
 * Sets a new password with the token of a reset link. Every session of the account ends with it,
 * this browser's too: it signs out here.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await pb.collection(COLLECTIONS.users).confirmPasswordReset(token, password, password);
  if (pb.authStore.isValid) await signOut();
}

/** Confirms an email change with the link's token and the account's password. */
export async function confirmEmailChange(token: string, password: string): Promise<void> {
  await pb.collection(COLLECTIONS.users).confirmEmailChange(token, password);
  // the token key changed with the email: this browser's session is over
  if (pb.authStore.isValid) await signOut();
}

/**
 * What a confirmation route refused (PocketBase names the field of a 400): the link's token
 * ('link': invalid, expired or used), the password, or null for anything else.
 */
export function refusedField(error: unknown): 'link' | 'password' | null {
  if (!(error instanceof ClientResponseError) || error.status !== 400) return null;
  const fields = (error.response?.data ?? {}) as Record<string, unknown>;
  if (fields.token) return 'link';
  if (fields.password) return 'password';
  return null;
}
