/**
 * Account changes go through server routes that write the audit log in the same request
 * (docs/routes.md), never through a direct users update; and deleting the account and
 * downloading its data (docs/accounts.md). The mail links' pages use recovery.ts.
 */
import { ClientResponseError, type AuthRecord } from 'pocketbase';
import { COLLECTIONS, SERVER_ROUTES } from '../../../domain/index.ts';
import { pb } from './client.ts';

interface AccountResponse {
  token?: string;
  record?: AuthRecord;
  /** With SMTP an email change waits for the link sent to the new address. */
  pending?: boolean;
  email?: string;
}

/** Keeps the session current after a change: a fresh token when the server sends one. */
async function adopt(response: AccountResponse): Promise<void> {
  if (response.token && response.record) pb.authStore.save(response.token, response.record);
  else await pb.collection(COLLECTIONS.users).authRefresh();
}

/**
 * Changes the email; the server asks for the current password
 * (docs/decisions.md#account-changes-ask-for-the-current-password). Returns the new address when the change
 * waits for its confirmation link (a server with SMTP), else null.
 */
export async function updateEmail(email: string, oldPassword: string): Promise<string | null> {
  const response = await pb.send<AccountResponse>(SERVER_ROUTES.accountEmail.path, {
    method: 'POST',
    body: { email: email.trim(), oldPassword },
  });
  if (response.pending) return response.email ?? email.trim();
  await adopt(response);
  return null;
}

/**
 * Changes the password; the server asks for the current one
 * (docs/decisions.md#account-changes-ask-for-the-current-password).
 */
export async function updatePassword(password: string, oldPassword: string): Promise<void> {
  const response = await pb.send<AccountResponse>(SERVER_ROUTES.accountPassword.path, {
    method: 'POST',
    body: { password, oldPassword },
  });
  await adopt(response);
}

/** Deletes the account on the server (the current password and DELETE typed in). */
export async function deleteAccount(oldPassword: string, confirm: string): Promise<void> {
  await pb.send(SERVER_ROUTES.accountDelete.path, { method: 'POST', body: { oldPassword, confirm } });
}

/** The user's data as one JSON file (SERVER_ROUTES.accountExport), and its file name. */
export async function fetchMyData(): Promise<{ fileName: string; blob: Blob }> {
  const response = await fetch(pb.buildURL(SERVER_ROUTES.accountExport.path), {
    headers: { Authorization: pb.authStore.token },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ClientResponseError({ url: response.url, status: response.status, response: body });
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'adscout-data.json';
  return { fileName, blob: await response.blob() };
}
