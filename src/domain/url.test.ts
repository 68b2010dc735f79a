import { describe, expect, it } from 'vitest';
import { isHttpUrl, parseHttpUrl } from './url.ts';

describe('parseHttpUrl', () => {
  it('splits an Ad Library link', () => {
    expect(
      parseHttpUrl('https://www.facebook.com/ads/library/?active_status=active&country=US&q=shoes#top'),
    ).toEqual({
      protocol: 'https',
      host: 'www.facebook.com',
      port: '',
      path: '/ads/library/',
      query: 'active_status=active&country=US&q=shoes',
      hash: 'top',
    });
  });

  it.each([
    'http://example.com',
    'HTTPS://Shop.Example.co.uk/products/x?utm=1',
    'https://127.0.0.1:8090/api',
    'https://xn--bcher-kva.example/',
  ])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>',
    'ftp://example.com',
    '//example.com',
    'https://',
    'https://exa mple.com',
    'https://-bad-.com',
    'https://999.1.1.1',
    'https://example.com:99999',
    'not a url',
    '',
  ])('refuses %s', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });

  it('agrees with the WHATWG parser on what it accepts', () => {
    for (const url of [
      'https://a.b/c?d=e',
      'http://x.y:8080/',
      'https://www.facebook.com/ads/library/?id=123',
    ]) {
      const ours = parseHttpUrl(url)!;
      const whatwg = new URL(url);
      expect(ours.host).toBe(whatwg.hostname);
      expect(ours.query ? `?${ours.query}` : '').toBe(whatwg.search);
    }
  });
});
