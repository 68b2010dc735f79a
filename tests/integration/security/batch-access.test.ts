/**
 * PocketBase's batch API (/api/batch) is for superusers only: one request holds SQLite's single
 * writer for up to 500 operations, 16 MiB and 10 s. Users and guests are refused before the body
 * is read (src/hooks/config/batch-access.ts); superusers (the tests' and benchmarks' seeding) keep
 * it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, statusOf, type TestServer } from '../harness.ts';
import { COLLECTIONS } from '../../../src/domain/api/collections.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const REFUSED = 'The batch API is for superusers only.';

/**
 * Sends a batch request that announces a 16 MiB body but sends one byte of it, and resolves with
 * the first line of the answer. A server that read the body first would wait for the rest and
 * never answer; the caller waits for the answer, not for a time.
 */
function announceLargeBatch(token: string): Promise<string> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        [
          'POST /api/batch HTTP/1.1',
          `Host: ${hostname}:${port}`,
          ...(token ? [`Authorization: ${token}`] : []),
          'Content-Type: application/json',
          `Content-Length: ${16 << 20}`,
          '',
          '{',
        ].join('\r\n'),
      );
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const line = answer.indexOf('\r\n');
      if (line >= 0) {
        socket.destroy();
        resolve(answer.slice(0, line));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without an answer: ${JSON.stringify(answer)}`)));
  });
}

describe('the batch API', () => {
  it('refuses a user (403) and a guest (401) with our message, and changes nothing', async () => {
    const user = await server.createUser('batcher');
    const batch = user.pb.createBatch();
    batch.collection(COLLECTIONS.keywordSets).create({ user: user.id, locale: 'en-US', keywords: ['one'] });
    await expect(batch.send()).rejects.toMatchObject({ status: 403, response: { message: REFUSED } });
    const guest = server.anonymous().createBatch();
    guest
      .collection(COLLECTIONS.users)
      .create({ email: 'x@adscout.test', password: 'Abcdef-12', passwordConfirm: 'Abcdef-12' });
    await expect(guest.send()).rejects.toMatchObject({ status: 401, response: { message: REFUSED } });
    expect(
      await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getFullList({ filter: `user = "${user.id}"` }),
    ).toEqual([]);
  });

  it('refuses them before the body is read: an announced 16 MiB body is never waited for', async () => {
    const user = await server.createUser('large');
    expect(await announceLargeBatch(user.pb.authStore.token)).toMatch(/^HTTP\/1\.1 403 /);
    expect(await announceLargeBatch('')).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('stays open to superusers (the tests’ seeding)', async () => {
    const user = await server.createUser('seeded');
    const batch = server.superuser.createBatch();
    batch.collection(COLLECTIONS.keywordSets).create({ user: user.id, locale: 'en-US', keywords: ['one'] });
    batch.collection(COLLECTIONS.keywordSets).create({ user: user.id, locale: 'de-DE', keywords: ['eins'] });
    expect(await statusOf(batch.send())).toBe(0);
    expect(
      await server.superuser
        .collection(COLLECTIONS.keywordSets)
        .getFullList({ filter: `user = "${user.id}"` }),
    ).toHaveLength(2);
  });
});
