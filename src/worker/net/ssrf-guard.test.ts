import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { guardedLookup, hopAccess, type Lookup } from './ssrf-guard.ts';

describe('hopAccess', () => {
  const none = new Set<string>();
  const refusedFor = (link: string, trusted = none) => {
    try {
      hopAccess(new URL(link), trusted);
      return null;
    } catch (error) {
      expect(error).toMatchObject({ kind: 'refused', retry: false });
      return (error as Error).message;
    }
  };

  it('lets public https hosts through to the guarded agent', () => {
    expect(hopAccess(new URL('https://scontent.xx.fbcdn.net/v/t45/a.jpg?oe=1'), none)).toBe('public');
    expect(hopAccess(new URL('https://8.8.8.8/a.jpg'), none)).toBe('public');
    expect(hopAccess(new URL('https://[2606:4700:4700::1111]/a.jpg'), none)).toBe('public');
  });

  it('fetches https only, with no credentials in the link', () => {
    expect(refusedFor('http://scontent.xx.fbcdn.net/a.jpg')).toMatch(/only https/);
    expect(refusedFor('ftp://example.com/a.jpg')).toMatch(/ftp: links/);
    expect(refusedFor('file:///etc/passwd')).toMatch(/file: links/);
    expect(refusedFor('data:image/png;base64,AAAA')).toMatch(/data: links/);
    expect(refusedFor('https://user:pw@example.com/a.jpg')).toMatch(/credentials/);
  });

  it('refuses private IP literals, in whatever form the link writes them', () => {
    for (const link of [
      'https://127.0.0.1/',
      'https://2130706433/', // decimal 127.0.0.1
      'https://0x7f.1/', // hex and short form
      'https://017700000001/', // octal
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[fd00:ec2::254]/',
      'https://0.0.0.0/',
    ]) {
      expect(refusedFor(link), link).toMatch(/not a public address/);
    }
  });

  it('lets the endpoints of MEDIA_FETCH_ALLOW through, over http too, and nothing else of theirs', () => {
    const allow = new Set(['cdn.internal:8080', '127.0.0.1:443']);
    expect(hopAccess(new URL('http://cdn.internal:8080/a.jpg'), allow)).toBe('trusted');
    expect(hopAccess(new URL('http://CDN.internal:8080/a.jpg'), allow)).toBe('trusted');
    expect(hopAccess(new URL('https://127.0.0.1/a.jpg'), allow)).toBe('trusted');
    expect(refusedFor('http://cdn.internal:8081/a.jpg', allow)).toMatch(/only https/);
    expect(refusedFor('https://127.0.0.1:8443/a.jpg', allow)).toMatch(/not a public address/);
  });
});

describe('guardedLookup', () => {
  const resolving =
    (addresses: string[]): Lookup =>
    (_host, _options, callback) =>
      callback(
        null,
        addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  const lookUp = (addresses: string[], all: boolean) =>
    new Promise<unknown[]>((resolve) =>
      guardedLookup(resolving(addresses))('cdn.test', { all }, (...args) => resolve(args)),
    );

  it('answers with the addresses it checked, in the form asked', async () => {
    const both = ['157.240.1.1', '2a03:2880:f10c:83:face:b00c:0:25de'];
    expect(await lookUp(both, true)).toEqual([
      null,
      [
        { address: '157.240.1.1', family: 4 },
        { address: '2a03:2880:f10c:83:face:b00c:0:25de', family: 6 },
      ],
    ]);
    expect(await lookUp(both, false)).toEqual([null, '157.240.1.1', 4]);
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    for (const addresses of [
      ['157.240.1.1', '10.0.0.7'],
      ['::ffff:169.254.169.254'],
      ['2a03:2880::1', '::1'],
      [],
    ]) {
      const [error] = await lookUp(addresses, true);
      expect(error, addresses.join()).toMatchObject({ kind: 'refused', retry: false });
    }
  });
});
