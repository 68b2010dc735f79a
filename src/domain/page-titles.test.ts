import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-titles.ts';
import { PUBLIC_PAGES } from './public-pages.ts';

describe('pageTitle', () => {
  it('names the page, then the product', () => {
    expect(pageTitle('/login')).toBe('Log In — AdScout');
    expect(pageTitle('/app/database')).toBe('Search Database — AdScout');
    expect(pageTitle('/')).toBe('AdScout — Find, Study, and Replicate Winning Ads');
  });

  it('ignores a trailing slash; /app is the Search page', () => {
    expect(pageTitle('/subscribe/')).toBe('Choose Your Plan — AdScout');
    expect(pageTitle('/app')).toBe('Search — AdScout');
    expect(pageTitle('/app/')).toBe('Search — AdScout');
  });

  it('gives any other path the 404 page’s title', () => {
    expect(pageTitle('/no-such-page')).toBe('Page not found — AdScout');
    expect(pageTitle('/app/nothing')).toBe('Page not found — AdScout');
    expect(pageTitle('/login/extra')).toBe('Page not found — AdScout');
  });

  it('gives every public page a title of its own', () => {
    const titles = PUBLIC_PAGES.map((page) => pageTitle(page.path));
    expect(titles).not.toContain('Page not found — AdScout');
    expect(new Set(titles).size).toBe(titles.length);
  });
});
