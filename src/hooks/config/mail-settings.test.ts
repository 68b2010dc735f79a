import { describe, expect, it } from 'vitest';
import { applicationUrl, mailSettings, mailWarning, parseSender, type MailEnv } from './mail-settings.ts';

const NONE: MailEnv = {
  SMTP_HOST: '',
  SMTP_PORT: '',
  SMTP_USERNAME: '',
  SMTP_PASSWORD: '',
  SMTP_TLS: '',
  MAIL_FROM: '',
  APP_URL: '',
};

describe('mailSettings', () => {
  it('leaves SMTP off without SMTP_HOST, with AdScout as the sender', () => {
    const { settings, errors } = mailSettings(NONE);
    expect(errors).toEqual([]);
    expect(settings.smtp.enabled).toBe(false);
    expect(settings.senderName).toBe('AdScout');
  });

  it('turns SMTP on from the environment', () => {
    const { settings, errors } = mailSettings({
      ...NONE,
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '2525',
      SMTP_USERNAME: 'user',
      SMTP_PASSWORD: 'secret',
      SMTP_TLS: 'true',
      MAIL_FROM: 'AdScout Support <support@example.com>',
      APP_URL: 'https://adscout.example.com',
    });
    expect(errors).toEqual([]);
    expect(settings).toEqual({
      smtp: {
        enabled: true,
        host: 'smtp.example.com',
        port: 2525,
        username: 'user',
        password: 'secret',
        tls: true,
      },
      senderName: 'AdScout Support',
      senderAddress: 'support@example.com',
    });
  });

  it('requires APP_URL and MAIL_FROM with SMTP, and refuses malformed values', () => {
    expect(mailSettings({ ...NONE, SMTP_HOST: 'smtp.example.com' }).errors).toEqual([
      'SMTP_HOST is set: set MAIL_FROM too, the address mails are sent from.',
      'SMTP_HOST is set: set APP_URL too (e.g. https://adscout.example.com); the links in mails must be absolute.',
    ]);
    const bad = mailSettings({
      ...NONE,
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '99999',
      SMTP_TLS: 'maybe',
      MAIL_FROM: 'nobody',
      APP_URL: 'ftp://x',
    }).errors;
    expect(bad).toHaveLength(4);
    expect(bad.join(' ')).toMatch(/SMTP_TLS.*SMTP_PORT.*MAIL_FROM.*APP_URL/);
  });
});

describe('parseSender', () => {
  it('reads a bare or a named address', () => {
    expect(parseSender('no-reply@example.com')).toEqual({ name: 'AdScout', address: 'no-reply@example.com' });
    expect(parseSender('"Scout Team" <team@example.com>')).toEqual({
      name: 'Scout Team',
      address: 'team@example.com',
    });
    expect(parseSender('not an address')).toBeNull();
  });
});

describe('applicationUrl', () => {
  it('is APP_URL when set, else the listen address reachable from this machine', () => {
    expect(applicationUrl('https://adscout.example.com/', '127.0.0.1:8090')).toBe(
      'https://adscout.example.com',
    );
    expect(applicationUrl('', '127.0.0.1:8091')).toBe('http://127.0.0.1:8091');
    expect(applicationUrl('', '0.0.0.0:8090')).toBe('http://127.0.0.1:8090');
    expect(applicationUrl('', ':8090')).toBe('http://127.0.0.1:8090');
  });
});

describe('mailWarning', () => {
  it('warns only on a public server without SMTP', () => {
    expect(mailWarning(true, ['it listens on 0.0.0.0:8090'])).toBe('');
    expect(mailWarning(false, [])).toBe('');
    expect(mailWarning(false, ['it listens on 0.0.0.0:8090'])).toMatch(
      /password reset .* cannot reach users/,
    );
  });
});
