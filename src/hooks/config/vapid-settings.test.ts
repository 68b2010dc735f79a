import { describe, expect, it } from 'vitest';
import { vapidSettings, type VapidEnv } from './vapid-settings.ts';

const NONE: VapidEnv = {
  VAPID_PUBLIC_KEY: '',
  VAPID_PRIVATE_KEY: '',
  VAPID_SUBJECT: '',
  APP_URL: '',
  MAIL_FROM: '',
};
/** A pair made once with `npx web-push generate-vapid-keys` (used by no server). */
const PAIR = {
  publicKey: 'BOWBp-TzwXN5wFEVARfLeDLIjF8iAfvEV2Ajd2COPqc5k-nCSGOLani2-k-SFH8a1ljVYddBCITbM5mPFR8ZPC8',
  privateKey: '_BCAYKAqhB9tiqUeBf0FZY3QEtNHrcffJwRnAdDKQ8Y',
};

describe('vapidSettings', () => {
  it('leaves the keys to the server without VAPID_*, the subject APP_URL when https, else the sender', () => {
    expect(vapidSettings(NONE).settings.keys).toBeNull();
    expect(vapidSettings(NONE).errors).toEqual([]);
    expect(vapidSettings({ ...NONE, APP_URL: 'https://adscout.example/' }).settings.subject).toBe(
      'https://adscout.example',
    );
    expect(
      vapidSettings({ ...NONE, APP_URL: 'http://127.0.0.1:8090', MAIL_FROM: 'Ops <ops@adscout.example>' })
        .settings.subject,
    ).toBe('mailto:ops@adscout.example');
  });

  it('takes a whole, well-formed pair and a mailto: or https: subject', () => {
    const { settings, errors } = vapidSettings({
      ...NONE,
      VAPID_PUBLIC_KEY: PAIR.publicKey,
      VAPID_PRIVATE_KEY: ` ${PAIR.privateKey} `,
      VAPID_SUBJECT: 'mailto:push@adscout.example',
    });
    expect(errors).toEqual([]);
    expect(settings).toEqual({ keys: PAIR, subject: 'mailto:push@adscout.example' });
  });

  it('refuses half a pair, a malformed key and a subject that is no mailto: or https: URL', () => {
    expect(vapidSettings({ ...NONE, VAPID_PUBLIC_KEY: PAIR.publicKey }).errors[0]).toMatch(
      /VAPID_PRIVATE_KEY is not set/,
    );
    expect(vapidSettings({ ...NONE, VAPID_PRIVATE_KEY: PAIR.privateKey }).errors[0]).toMatch(
      /VAPID_PUBLIC_KEY is not set/,
    );
    expect(
      vapidSettings({ ...NONE, VAPID_PUBLIC_KEY: 'BAD', VAPID_PRIVATE_KEY: PAIR.privateKey }).errors[0],
    ).toMatch(/VAPID_PUBLIC_KEY must be/);
    expect(
      vapidSettings({ ...NONE, VAPID_PUBLIC_KEY: PAIR.publicKey, VAPID_PRIVATE_KEY: 'x' }).errors[0],
    ).toMatch(/VAPID_PRIVATE_KEY must be/);
    for (const subject of ['ops@adscout.example', 'http://adscout.example', 'mailto:nobody']) {
      expect(vapidSettings({ ...NONE, VAPID_SUBJECT: subject }).errors).toEqual([
        `VAPID_SUBJECT must be a mailto: or https: URL, not "${subject}".`,
      ]);
    }
  });
});
