/**
 * docs/invariants.md#invariant-9-local-data-belongs-to-one-user in a real browser: the signed-in user's data
 * is mirrored into their own IndexedDB database, which is deleted on logout, and a second user on the same
 * browser finds none of it.
 */
import type { Page } from '@playwright/test';
import { createRunWithResults, subscriber } from '../fixtures/records.ts';
import { expect, test, type Admin, type E2eUser } from './fixtures.ts';

async function subscriberWithRun(admin: Admin, label: string, runName: string): Promise<E2eUser> {
  const user = await subscriber(admin.pb, admin, label);
  await createRunWithResults(admin.pb, user.id, { search_name: runName, target_country: 'DE' }, [
    { ad_id: `${label}-ad-1`, store_name: `${runName} store`, body: 'An ad body' },
  ]);
  return user;
}

/** Names of the AdScout user databases in this browser, with their run names. */
function localDatabases(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name?.startsWith('adscout-user-')) continue;
      // Opening a database that was deleted meanwhile would create it again: abort that upgrade.
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const request = indexedDB.open(info.name!);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      });
      if (!db) continue;
      const runs = await new Promise<Array<{ search_name: string }>>((resolve, reject) => {
        if (!db.objectStoreNames.contains('runs')) return resolve([]);
        const request = db.transaction('runs').objectStore('runs').getAll();
        request.onsuccess = () => resolve(request.result as Array<{ search_name: string }>);
        request.onerror = () => reject(request.error);
      });
      db.close();
      out[info.name] = runs.map((run) => run.search_name);
    }
    return out;
  });
}

test('logging out deletes the local copy, and the next user on the browser sees only their own', async ({
  page,
  admin,
}) => {
  const alice = await subscriberWithRun(admin, 'alice', 'Alice lamps');
  const bob = await subscriberWithRun(admin, 'bob', 'Bob chairs');

  await admin.signIn(page, alice);
  await page.goto('/app/keywords');
  await expect.poll(() => localDatabases(page)).toEqual({ [`adscout-user-${alice.id}`]: ['Alice lamps'] });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => localDatabases(page)).toEqual({});

  // Alice again, then Bob signs in on the same browser without a logout in between
  await admin.signIn(page, alice);
  await page.goto('/app/keywords');
  await expect.poll(() => localDatabases(page)).toEqual({ [`adscout-user-${alice.id}`]: ['Alice lamps'] });
  await admin.signIn(page, bob);
  await page.goto('/app/keywords');
  await expect.poll(() => localDatabases(page)).toEqual({ [`adscout-user-${bob.id}`]: ['Bob chairs'] });
});
