import { describe, expect, it } from 'vitest';
import { isAdMediaUrl, isDemoMediaPath, isHttpUrl, parseHttpUrl, queryParam } from './url.ts';

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

describe('isAdMediaUrl: http(s) CDN links and the demo catalogue’s own images', () => {
  it.each([
    'https://scontent.xx.fbcdn.net/v/t39.35426-6/480112233_n.jpg?oe=6816D5E6',
    'http://cdn.example/v.mp4',
    '/demo-media/no-pull-dog-harness.svg',
    '/demo-media/3-in-1-charging-station-d.webp',
    '/demo-media/portable-blender-a.jpg',
    '/demo-media/niche-pet-a.png',
    '/demo-media/interactive-laser-cat-toy-e.gif',
    '/demo-media/portable-blender.mp4',
  ])('accepts %s', (url) => {
    expect(isAdMediaUrl(url)).toBe(true);
  });

  it.each([
    '/demo-media/',
    '/demo-media/../api/collections/users/records',
    '/demo-media/sub/file.svg',
    '/demo-media/file.svg?x=1',
    '/demo-media/File.svg',
    '/demo-media/-x.svg',
    '/demo-media/file.html',
    '/demo-media/file.jpg.html',
    '/demo-media/file.svg ',
    '/api/collections/users/records',
    '/demo-mediax/file.svg',
    '//evil.example/demo-media/file.svg',
    'demo-media/file.svg',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    '',
  ])('refuses %s', (url) => {
    expect(isAdMediaUrl(url)).toBe(false);
  });

  it('knows a demo path from a URL', () => {
    expect(isDemoMediaPath('/demo-media/portable-blender.svg')).toBe(true);
    expect(isDemoMediaPath('https://shop.example/demo-media/portable-blender.svg')).toBe(false);
  });
});

describe('queryParam', () => {
  it('decodes the first value of the named parameter, + as a space', () => {
    expect(queryParam('u=https%3A%2F%2Fshop.example%2Fp&h=x', 'u')).toBe('https://shop.example/p');
    expect(queryParam('q=led+mask&q=other', 'q')).toBe('led mask');
    expect(queryParam('id=&id=2', 'id')).toBe('');
    expect(queryParam('flag&x=1', 'flag')).toBe('');
  });

  it('matches the whole name only, and gives null when it is absent or malformed', () => {
    expect(queryParam('page_id=7&xid=8', 'id')).toBeNull();
    expect(queryParam('', 'id')).toBeNull();
    expect(queryParam('u=%E0%A4%A', 'u')).toBeNull();
  });
});
