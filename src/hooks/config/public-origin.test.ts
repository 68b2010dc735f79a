import { describe, expect, it } from 'vitest';
import { checkAppUrl } from './public-origin.ts';

const on = (...listen: string[]) => ({ listen, behindProxy: false, appUrl: '' });

describe('checkAppUrl', () => {
  it('needs nothing on loopback with no proxy in front', () => {
    for (const listen of ['127.0.0.1:8090', 'localhost:8090', '[::1]:8090'])
      expect(checkAppUrl(on(listen))).toEqual([]);
  });

  it('refuses a server others can reach without APP_URL, naming APP_URL and why it is public', () => {
    const beyond = checkAppUrl(on('0.0.0.0:8090'));
    expect(beyond).toEqual([expect.stringMatching(/0\.0\.0\.0:8090.*APP_URL is not set/)]);
    const proxied = checkAppUrl({ ...on('127.0.0.1:8090'), behindProxy: true });
    expect(proxied).toEqual([expect.stringMatching(/TRUSTED_PROXY_HEADERS.*APP_URL is not set/)]);
  });

  it('accepts any http(s) APP_URL, and refuses one that is not', () => {
    expect(checkAppUrl({ ...on('0.0.0.0:8090'), appUrl: 'https://adscout.example.com' })).toEqual([]);
    expect(
      checkAppUrl({ ...on('127.0.0.1:8090'), behindProxy: true, appUrl: 'http://127.0.0.1:8090' }),
    ).toEqual([]);
    expect(checkAppUrl({ ...on('127.0.0.1:8090'), appUrl: 'adscout.example.com' })).toEqual([
      'APP_URL must be an http(s) URL, not "adscout.example.com".',
    ]);
  });
});
