/**
 * A user's report mail settings (docs/reports.md#email): the owner creates, reads and changes
 * their own, nobody else's; each field is checked with a 400 naming it; the server alone writes
 * the next digest time, and computes it in the user's zone (Go's zone database in the hooks, the
 * same answer as the domain's Intl clock); a first watch gives a user the defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../src/domain/api/collections.ts';
import { intlZoneClock, nextDigestAt } from '../../src/domain/reports/digest-schedule.ts';
import {
  REPORT_SETTINGS_SERVER_FIELDS,
  type ReportSchedule,
} from '../../src/domain/reports/report-settings.ts';
import { TIME_ZONES } from '../../src/domain/reports/time-zones.ts';
import { toPbDate } from '../../src/domain/text/format.ts';
import { writeReportSettings } from '../../src/web/data/server/report-settings-api.ts';
import { pausedWatch } from '../fixtures/records.ts';
import { startTestServer, statusOf, type TestServer, type TestUser } from './harness.ts';

let server: TestServer;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  a = await server.createUser('settings-a');
  b = await server.createUser('settings-b');
});
afterAll(async () => {
  await server?.stop();
});

/** A create or update through the record API: its status, and PocketBase's field errors. */
async function attempt(promise: Promise<unknown>) {
  try {
    return { status: 200, record: (await promise) as Record<string, unknown>, data: {} };
  } catch (error) {
    const failed = error as {
      status: number;
      response?: { message?: string; data?: Record<string, unknown> };
    };
    return {
      status: failed.status,
      message: failed.response?.message ?? '',
      data: failed.response?.data ?? {},
    };
  }
}

/** What the domain's Intl clock says the next digest is, for a save between `before` and now. */
function expectedNext(settings: ReportSchedule, before: number): string[] {
  return [before, Date.now()].map((now) => toPbDate(nextDigestAt(settings, now, null, intlZoneClock)!));
}

describe('report settings', () => {
  it('the owner creates theirs with the defaults filled in and the next digest computed by the server', async () => {
    const before = Date.now();
    const created = await a.pb.collection(COLLECTIONS.reportSettings).create({ user: a.id });
    expect(created).toMatchObject({ email: 'daily', send_hour: 7, time_zone: 'UTC', last_digest_at: '' });
    expect(expectedNext({ email: 'daily', send_hour: 7, time_zone: 'UTC' }, before)).toContain(
      created.next_digest_at,
    );
    // one per user
    expect((await attempt(a.pb.collection(COLLECTIONS.reportSettings).create({ user: a.id }))).status).toBe(
      400,
    );
  });

  it('follows the zone: Europe/Berlin and America/New_York as Intl computes them', async () => {
    const [mine] = await a.pb.collection(COLLECTIONS.reportSettings).getFullList();
    for (const settings of [
      { email: 'weekly', send_hour: 0, time_zone: 'Europe/Berlin' },
      { email: 'daily', send_hour: 23, time_zone: 'America/New_York' },
      { email: 'daily', send_hour: 9, time_zone: 'Asia/Kolkata' },
    ] as const) {
      const before = Date.now();
      const saved = await a.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, settings);
      expect(expectedNext(settings, before), settings.time_zone).toContain(saved.next_digest_at);
    }
    const off = await a.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, { email: 'off' });
    expect(off.next_digest_at).toBe('');
    const each = await a.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, { email: 'each' });
    expect(each.next_digest_at).toBe('');
  });

  it('answers a bad field with a 400 naming it, and saves nothing', async () => {
    const [mine] = await a.pb.collection(COLLECTIONS.reportSettings).getFullList();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'hourly' }, 'email'],
      [{ send_hour: 24 }, 'send_hour'],
      [{ send_hour: -1 }, 'send_hour'],
      [{ send_hour: 7.5 }, 'send_hour'],
      [{ time_zone: 'Mars/Base' }, 'time_zone'],
      [{ time_zone: 'europe/berlin' }, 'time_zone'],
    ];
    for (const [body, field] of cases) {
      const answer = await attempt(a.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.data), JSON.stringify(body)).toEqual([field]);
    }
    const created = await attempt(
      b.pb.collection(COLLECTIONS.reportSettings).create({ user: b.id, time_zone: 'Nowhere/Land' }),
    );
    expect(created.status).toBe(400);
    expect(Object.keys(created.data)).toEqual(['time_zone']);
    expect(await b.pb.collection(COLLECTIONS.reportSettings).getFullList()).toHaveLength(0);
    expect((await a.pb.collection(COLLECTIONS.reportSettings).getOne(mine!.id)).email).toBe('each');
  });

  it('every zone of the list is one PocketBase knows (not silently UTC)', async () => {
    const [mine] = await a.pb.collection(COLLECTIONS.reportSettings).getFullList();
    // a sample across the list (every 20th, and the ones most users pick): each saves and
    // computes the same time as Intl; a zone Go did not know would come back as UTC
    const sample = TIME_ZONES.filter((_, i) => i % 20 === 0).concat([
      'Australia/Sydney',
      'America/Sao_Paulo',
    ]);
    for (const zone of sample) {
      const before = Date.now();
      const saved = await a.pb
        .collection(COLLECTIONS.reportSettings)
        .update(mine!.id, { email: 'daily', send_hour: 12, time_zone: zone });
      expect(expectedNext({ email: 'daily', send_hour: 12, time_zone: zone }, before), zone).toContain(
        saved.next_digest_at,
      );
    }
  });

  it('the server fields are the server’s: a body naming one is refused', async () => {
    const [mine] = await a.pb.collection(COLLECTIONS.reportSettings).getFullList();
    for (const field of REPORT_SETTINGS_SERVER_FIELDS) {
      const update = await attempt(
        a.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, { [field]: '2030-01-01 00:00:00.000Z' }),
      );
      expect(update.status, field).toBeGreaterThanOrEqual(400);
      expect(update.status, field).toBeLessThan(500);
    }
    const create = await attempt(
      b.pb
        .collection(COLLECTIONS.reportSettings)
        .create({ user: b.id, next_digest_at: '2030-01-01 00:00:00.000Z' }),
    );
    expect(create.status).toBe(400);
    const after = await a.pb.collection(COLLECTIONS.reportSettings).getOne(mine!.id);
    expect(after.next_digest_at).not.toBe('2030-01-01 00:00:00.000Z');
  });

  it('other users read, change and create no one else’s settings; nobody deletes them', async () => {
    const [mine] = await a.pb.collection(COLLECTIONS.reportSettings).getFullList();
    expect(await b.pb.collection(COLLECTIONS.reportSettings).getFullList()).toHaveLength(0);
    expect(await statusOf(b.pb.collection(COLLECTIONS.reportSettings).getOne(mine!.id))).toBe(404);
    expect(
      await statusOf(b.pb.collection(COLLECTIONS.reportSettings).update(mine!.id, { email: 'off' })),
    ).toBe(404);
    expect(await statusOf(b.pb.collection(COLLECTIONS.reportSettings).create({ user: a.id }))).toBe(400);
    expect(
      await server
        .anonymous()
        .collection(COLLECTIONS.reportSettings)
        .getFullList()
        .catch(() => []),
    ).toHaveLength(0);
    expect([403, 404]).toContain(
      await statusOf(a.pb.collection(COLLECTIONS.reportSettings).delete(mine!.id)),
    );
    expect((await a.pb.collection(COLLECTIONS.reportSettings).getOne(mine!.id)).email).not.toBe('off');
  });

  it('the report mail queue is the superusers’: its owner reads and writes none of it', async () => {
    const mail = await server.superuser.collection(COLLECTIONS.reportMails).create({
      user: a.id,
      kind: 'digest',
      period: 'digest:2030-01-01 07:00:00.000Z',
      reports: [],
      message_id: '<report.isolation@adscout.test>',
      status: 'pending',
    });
    for (const user of [a, b]) {
      expect(await statusOf(user.pb.collection(COLLECTIONS.reportMails).getList())).toBe(403);
      expect([403, 404]).toContain(
        await statusOf(user.pb.collection(COLLECTIONS.reportMails).getOne(mail.id)),
      );
      expect([403, 404]).toContain(
        await statusOf(user.pb.collection(COLLECTIONS.reportMails).update(mail.id, { status: 'sent' })),
      );
      expect(
        await statusOf(
          user.pb
            .collection(COLLECTIONS.reportMails)
            .create({ user: user.id, kind: 'each', period: 'x', message_id: 'x', status: 'pending' }),
        ),
      ).toBe(403);
    }
    expect((await server.superuser.collection(COLLECTIONS.reportMails).getOne(mail.id)).status).toBe(
      'pending',
    );
  });

  it('a user’s first watch gives them the default settings', async () => {
    const c = await server.createUser('settings-c');
    await server.superuser.collection(COLLECTIONS.watches).create(pausedWatch(c.id));
    const [settings] = await c.pb.collection(COLLECTIONS.reportSettings).getFullList();
    expect(settings).toMatchObject({ user: c.id, email: 'daily', send_hour: 7, time_zone: 'UTC' });
    expect(settings!.next_digest_at).not.toBe('');
    await server.superuser.collection(COLLECTIONS.watches).create(pausedWatch(c.id, 'Second'));
    expect(await c.pb.collection(COLLECTIONS.reportSettings).getFullList()).toHaveLength(1);
  });

  it('the Settings card’s save updates the record the server made meanwhile, instead of failing on it', async () => {
    const d = await server.createUser('settings-d');
    // no record yet: the save creates it
    const fresh = await writeReportSettings(d.pb, d.id, null, {
      email: 'off',
      send_hour: 9,
      time_zone: 'UTC',
    });
    expect(fresh).toMatchObject({ user: d.id, email: 'off', send_hour: 9 });
    // the card loaded before the first watch made the default: it knows no record, and its create
    // is refused (one a user); the save updates the server's record instead
    const e = await server.createUser('settings-e');
    await server.superuser.collection(COLLECTIONS.watches).create(pausedWatch(e.id));
    const [made] = await e.pb.collection(COLLECTIONS.reportSettings).getFullList();
    const saved = await writeReportSettings(e.pb, e.id, null, {
      email: 'weekly',
      send_hour: 6,
      time_zone: 'Europe/Berlin',
    });
    expect(saved).toMatchObject({ id: made!.id, email: 'weekly', send_hour: 6, time_zone: 'Europe/Berlin' });
    expect(await e.pb.collection(COLLECTIONS.reportSettings).getFullList()).toHaveLength(1);
    // a record the browser knows is updated directly
    const again = await writeReportSettings(e.pb, e.id, saved, {
      email: 'daily',
      send_hour: 6,
      time_zone: 'UTC',
    });
    expect(again).toMatchObject({ id: made!.id, email: 'daily' });
  });
});
