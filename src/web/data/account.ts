/**
 * Account changes go through server routes that write the audit log in the same request
 * (ARCHITECTURE §9), never through a direct users update.
 */
import type { AuthRecord } from 'pocketbase';
import { COLLECTIONS } from '../../domain/index.ts';
import { pb } from './client.ts';

interface AccountResponse {
  token?: string;
  record?: AuthRecord;
}

/** Keeps the session current after a change: a fresh token when the server sends one. */
async function adopt(response: AccountResponse): Promise<void> {
  if (response.token && response.record) pb.authStore.save(response.token, response.record);
  else await pb.collection(COLLECTIONS.users).authRefresh();
}

/** Changes the email; the server asks for the current password (ARCHITECTURE §10). */
export async function updateEmail(email: string, oldPassword: string): Promise<void> {
  const response = await pb.send<AccountResponse>('/api/adscout/account/email', {
    method: 'POST',
    body: { email: email.trim(), oldPassword },
  });
  await adopt(response);
}

/** Changes the password; the server asks for the current one (ARCHITECTURE §10). */
export async function updatePassword(password: string, oldPassword: string): Promise<void> {
  const response = await pb.send<AccountResponse>('/api/adscout/account/password', {
    method: 'POST',
    body: { password, oldPassword },
  });
  await adopt(response);
}
