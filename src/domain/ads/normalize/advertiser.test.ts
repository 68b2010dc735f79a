import { describe, expect, it } from 'vitest';
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { advertiserOf } from './advertiser.ts';
import { itemShapeOf } from './item-shapes.ts';

const advertiser = (item: Record<string, unknown>, caption = '') => advertiserOf(itemShapeOf(item), caption);
const productLink = (url: string) => advertiser({ snapshot: { link_url: url } }).product_link;

describe('advertiserOf: the Page', () => {
  it('builds the Page profile link from the id when the item has none', () => {
    expect(advertiser({ pageID: 7 })).toMatchObject({
      page_id: '7',
      page_profile_url: 'https://www.facebook.com/7',
    });
    expect(
      advertiser({ page_id: '7', snapshot: { page_profile_uri: 'https://www.facebook.com/shop/' } })
        .page_profile_url,
    ).toBe('https://www.facebook.com/shop/');
    expect(advertiser({ page_id: '7 OR 1=1' })).toMatchObject({ page_id: '', page_profile_url: '' });
  });

  it('joins the Page categories, and ignores the top-level categories, which are not the Page’s', () => {
    const item = {
      snapshot: { page_categories: ['Shopping & retail', { name: 'Home decor' }, 'Shopping & retail'] },
    };
    expect(advertiser(item).category).toBe('Shopping & retail, Home decor');
    expect(advertiser({ categories: ['UNKNOWN'] }).category).toBe('');
  });

  it.each<[unknown, number]>([
    [315801, 315801],
    ['1,204', 1204],
    [-3, 0],
    [{ count: 5 }, 0],
  ])('page likes %j → %d', (value, expected) => {
    expect(advertiser({ snapshot: { page_like_count: value } }).page_likes).toBe(expected);
  });
});

describe('advertiserOf: the product link', () => {
  it('unwraps l.facebook.com links only when they carry an http(s) u= target', () => {
    expect(productLink('https://l.facebook.com/l.php?u=https%3A%2F%2Fshop.example%2Fp&h=x')).toBe(
      'https://shop.example/p',
    );
    expect(productLink('https://l.facebook.com/l.php?h=x')).toBe('https://l.facebook.com/l.php?h=x');
    expect(productLink('https://l.facebook.com/l.php?u=javascript%3Aalert(1)')).toBe(
      'https://l.facebook.com/l.php?u=javascript%3Aalert(1)',
    );
    expect(productLink('https://l.facebook.com/l.php?u=%E0%A4%A')).toBe(
      'https://l.facebook.com/l.php?u=%E0%A4%A',
    );
  });

  it('replaces a templated product link with the first card link', () => {
    const ad = advertiser({
      snapshot: {
        link_url: 'https://shop.example/products/{{product.handle}}',
        cards: [{ link_url: 'https://shop.example/products/real-one' }],
      },
    });
    expect(ad.product_link).toBe('https://shop.example/products/real-one');
    expect(ad.store_name).toBe('shop.example');
  });

  it('drops a demo image path, an over-long link and every non-http(s) link', () => {
    expect(productLink('/demo-media/ab-roller-wheel.svg')).toBe('');
    expect(productLink(`https://shop.example/${'p'.repeat(AD_TEXT_CAPS.product_link)}`)).toBe('');
    expect(productLink('javascript:alert(1)')).toBe('');
  });
});

describe('advertiserOf: the store name', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['the caption domain, without www', { caption: 'WWW.Shop-Example.COM' }, 'shop-example.com'],
    [
      'the link domain when the caption is not one',
      { caption: 'Free shipping', link_url: 'https://store.example.co.uk/p' },
      'store.example.co.uk',
    ],
    [
      'the Page name for a marketplace',
      { caption: 'amazon.de', link_url: 'https://www.amazon.de/dp/1' },
      'Page Name',
    ],
    ['the Page name for a shortener', { link_url: 'https://bit.ly/3xYz' }, 'Page Name'],
    ['the Page name for an Etsy subdomain', { link_url: 'https://shop.etsy.com/listing/1' }, 'Page Name'],
    ['the Page name when nothing else', {}, 'Page Name'],
  ])('from %s', (_label, snapshot, expected) => {
    const caption = typeof snapshot.caption === 'string' ? snapshot.caption : '';
    expect(advertiser({ page_name: 'Page Name', snapshot }, caption).store_name).toBe(expected);
  });

  it('keeps a marketplace domain when the item names no Page', () => {
    expect(advertiser({ snapshot: { link_url: 'https://www.amazon.com/dp/1' } }).store_name).toBe(
      'amazon.com',
    );
  });
});
