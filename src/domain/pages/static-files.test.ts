import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  IMMUTABLE_CACHE,
  prerenderedFile,
  REVALIDATE_CACHE,
  robotsTxt,
  sitemapXml,
} from './static-files.ts';
import { prerenderedPages } from './routes.ts';

describe('cacheControlFor', () => {
  it('keeps hashed assets for a year and has pages and the service worker revalidated', () => {
    expect(cacheControlFor('/assets/index-Bx1.js')).toBe(IMMUTABLE_CACHE);
    for (const path of [
      '/',
      '/login',
      '/app/history',
      '/index.html',
      '/sw.js',
      '/sw-notifications.js',
      '/sw-downloads.js',
      '/registerSW.js',
      '/manifest.webmanifest',
    ])
      expect([path, cacheControlFor(path)]).toEqual([path, REVALIDATE_CACHE]);
    expect(cacheControlFor('/icons/icon-192.png')).toBeNull();
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets the public pages be crawled, not the app or the API, and points at the sitemap', () => {
    const robots = robotsTxt('https://adscout.example');
    expect(robots).toContain('Disallow: /app/');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://adscout.example/sitemap.xml');
  });

  it('lists every prerendered page in the sitemap as an absolute URL', () => {
    const xml = sitemapXml('https://adscout.example');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://adscout.example/',
      'https://adscout.example/contact',
      'https://adscout.example/support',
      'https://adscout.example/terms',
      'https://adscout.example/privacy',
      'https://adscout.example/login',
      'https://adscout.example/register',
      'https://adscout.example/subscribe',
    ]);
  });
});

describe('prerendered pages', () => {
  it('each prerendered page has its own file', () => {
    expect(prerenderedFile('/')).toBe('prerendered/index.html');
    expect(prerenderedFile('/login')).toBe('prerendered/login.html');
    const files = prerenderedPages().map((page) => prerenderedFile(page.path));
    expect(new Set(files).size).toBe(files.length);
  });
});
