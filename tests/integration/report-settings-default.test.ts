/**
 * The server's default report mail settings (docs/reports.md#reports-by-email): a user's first
 * watch gives them a `report_settings` record with a daily digest at 07:00 UTC, planned by the
 * server; settings the user already has are never changed by a watch (an 'off' they chose
 * survives); two watches made at once leave one record; and another user reads none of it.
 */
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { DAY_MS, parsePbDate } from '../../src/domain/text/format.ts';
import { subscriber } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const watchForm = (name: string) => ({
  name,
  facebook_link: 'https://www.facebook.com/ads/library/?active_status=active&country=US&q=dog%20toys',
  target_country: 'US',
  keywords_used: '',
  requested_count: 20,
  cadence: 'daily',
});

/** A watch made by its owner through the record API, as the scout form makes it. */
const createWatch = (user: TestUser, name = 'Dog toys daily') =>
  user.pb.collection(COLLECTIONS.watches).create({ user: user.id, ...watchForm(name) });

/** Every report_settings record of `user`, read as the superuser (what the server holds). */
const settingsOf = (user: TestUser): Promise<RecordModel[]> =>
  server.superuser
    .collection(COLLECTIONS.reportSettings)
    .getFullList({ filter: server.superuser.filter('user = {:u}', { u: user.id }) });

describe('the first watch', () => {
  it('gives a user without settings a daily digest at 07:00 UTC, planned by the server', async () => {
    const user = await subscriber(server.superuser, server, 'first-watch');
    expect(await settingsOf(user)).toHaveLength(0);
    await createWatch(user);
    const [settings, ...more] = await settingsOf(user);
    expect(more).toHaveLength(0);
    expect(settings).toMatchObject({ user: user.id, email: 'daily', send_hour: 7, time_zone: 'UTC' });
    // the next 07:00 UTC, within a day
    const next = parsePbDate(settings!.next_digest_at as string);
    expect(next).not.toBeNull();
    expect(next!.getUTCHours()).toBe(7);
    expect(next!.getUTCMinutes()).toBe(0);
    expect(next!.getTime()).toBeGreaterThan(Date.now());
    expect(next!.getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS);
    // the owner reads it through the record API
    const own = await user.pb.collection(COLLECTIONS.reportSettings).getFullList();
    expect(own.map((record) => record.id)).toEqual([settings!.id]);
  });

  it('leaves settings the user already has as they are: an "off" survives a new watch', async () => {
    const user = await subscriber(server.superuser, server, 'chose-off');
    const chosen = await user.pb
      .collection(COLLECTIONS.reportSettings)
      .create({ user: user.id, email: 'off', send_hour: 18, time_zone: 'Europe/Berlin' });
    await createWatch(user, 'First');
    await createWatch(user, 'Second');
    const kept = await settingsOf(user);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      id: chosen.id,
      email: 'off',
      send_hour: 18,
      time_zone: 'Europe/Berlin',
      updated: chosen.updated,
    });
  });

  it('leaves the default, once changed, as the user changed it when more watches come', async () => {
    const user = await subscriber(server.superuser, server, 'changed-later');
    await createWatch(user, 'First');
    const [made] = await settingsOf(user);
    const changed = await user.pb
      .collection(COLLECTIONS.reportSettings)
      .update(made!.id, { email: 'weekly', send_hour: 9 });
    await createWatch(user, 'Second');
    const [kept, ...more] = await settingsOf(user);
    expect(more).toHaveLength(0);
    expect(kept).toMatchObject({ id: made!.id, email: 'weekly', send_hour: 9, updated: changed.updated });
  });

  it('makes one record when several watches are created at once', async () => {
    const user = await subscriber(server.superuser, server, 'at-once');
    const made = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) => createWatch(user, `Watch ${i + 1}`)),
    );
    // every watch is made: a lost race for the settings never refuses the watch
    expect(made.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const settings = await settingsOf(user);
    expect(settings).toHaveLength(1);
    expect(settings[0]).toMatchObject({ email: 'daily' });
  });

  it('creates nothing for a watch that was refused', async () => {
    const unsubscribed = await server.createUser('no-plan');
    expect(await statusOf(createWatch(unsubscribed))).toBe(403);
    expect(await settingsOf(unsubscribed)).toHaveLength(0);
  });
});

describe('another user', () => {
  it('reads, lists and changes none of a user’s settings', async () => {
    const owner = await subscriber(server.superuser, server, 'owner');
    const other = await subscriber(server.superuser, server, 'other');
    await createWatch(owner);
    const [settings] = await settingsOf(owner);
    const theirs = other.pb.collection(COLLECTIONS.reportSettings);
    expect(await theirs.getFullList()).toHaveLength(0);
    expect(await statusOf(theirs.getOne(settings!.id))).toBe(404);
    expect(await statusOf(theirs.update(settings!.id, { email: 'off' }))).toBe(404);
    // nor makes one in the owner's name
    expect(await statusOf(theirs.create({ user: owner.id, email: 'off' }))).toBe(400);
    expect(
      await statusOf(server.anonymous().collection(COLLECTIONS.reportSettings).getOne(settings!.id)),
    ).toBe(404);
    const [unchanged] = await settingsOf(owner);
    expect(unchanged).toMatchObject({ email: 'daily', updated: settings!.updated });
  });
});
