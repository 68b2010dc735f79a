/**
 * Support for the boards' integration tests (docs/boards.md): raw requests as a user or an
 * anonymous client from a chosen address, an owner with ads in their database, and boards
 * seeded by SQL.
 */
import type { RecordModel } from 'pocketbase';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { uniqueClientAddress, type TestServer, type TestUser } from './harness.ts';

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

/** A request to `path` as `user` (or anonymous), from `address` (the trusted proxy's header). */
export async function send<T = Record<string, unknown>>(
  server: TestServer,
  method: string,
  path: string,
  options: { user?: TestUser; body?: unknown; address?: string } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': options.address ?? uniqueClientAddress() };
  if (options.user) headers.Authorization = options.user.pb.authStore.token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {}; // a file, not JSON
  }
  return { status: response.status, headers: response.headers, text, body: body as T };
}

/** A subscriber with rows of `adIds` in their database (one run). */
export async function ownerWithAds(server: TestServer, label: string, adIds: string[]): Promise<TestUser> {
  const user = await subscriber(server.superuser, server, label);
  await addAds(server, user, adIds);
  return user;
}

export async function addAds(server: TestServer, user: TestUser, adIds: string[], over = {}): Promise<void> {
  await createRunWithResults(
    server.superuser,
    user.id,
    { status: 'completed' },
    adIds.map((ad_id) => ({
      ad_id,
      title: `Title of ${ad_id}`,
      store_name: 'Lamp Store',
      body: `Copy of ${ad_id} <b>bold</b>`,
      days_running: 12,
      ad_library_url: `https://www.facebook.com/ads/library/?id=${ad_id}`,
      ...over,
    })),
  );
}

export function createBoard(user: TestUser, name = 'Swipe file'): Promise<RecordModel> {
  return user.pb.collection(COLLECTIONS.boards).create({ user: user.id, name });
}

export function saveAd(user: TestUser, board: string, adId: string, over: Record<string, unknown> = {}) {
  return user.pb.collection(COLLECTIONS.boardItems).create({ board, user: user.id, ad_id: adId, ...over });
}

/**
 * SQL that puts `count` items of made-up ads (`seed-1`…) on a board, for executeWhileStopped
 * (security/support.ts): past the hooks, so the ads need not be in the database, and in one
 * statement instead of thousands of record saves.
 */
export function seedItemsSql(board: string, user: string, count: number) {
  return {
    sql:
      `INSERT INTO ${COLLECTIONS.boardItems} (id, board, user, ad_id, creative, note, labels, added, created, updated) ` +
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {:count}) ` +
      `SELECT substr(lower(hex(randomblob(8))), 1, 15), {:board}, {:user}, 'seed-' || i, '', '', '[]', {:now}, {:now}, {:now} FROM n`,
    params: { board, user, count, now: toPbDate(Date.now()) },
  };
}

/** SQL that makes `count` boards of a user (`b1`…), for executeWhileStopped. */
export function seedBoardsSql(user: string, count: number) {
  return {
    sql:
      `INSERT INTO ${COLLECTIONS.boards} (id, user, name, description, share_token, share_notes, created, updated) ` +
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {:count}) ` +
      `SELECT substr(lower(hex(randomblob(8))), 1, 15), {:user}, 'b' || i, '', '', 0, {:now}, {:now} FROM n`,
    params: { user, count, now: toPbDate(Date.now()) },
  };
}

/** The message of a refused SDK call. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; response?: { message?: string } };
    return { status: e.status, message: e.response?.message ?? '' };
  }
  throw new Error('the request succeeded');
}
