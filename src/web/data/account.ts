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

export async function updateEmail(email: string): Promise<void> {
  const response = await pb.send<AccountResponse>('/api/adscout/account/email', {
    method: 'POST',
    body: { email: email.trim() },
  });
  await adopt(response);
}

export async function updatePassword(password: string): Promise<void> {
  const response = await pb.send<AccountResponse>('/api/adscout/account/password', {
    method: 'POST',
    body: { password },
  });
  await adopt(response);
}
