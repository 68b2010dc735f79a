import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { productLinkKey } from './product-link.ts';

describe('productLinkKey', () => {
  it('keeps host and path only', () => {
    expect(productLinkKey('https://WWW.Shop.com/p/Lamp-2?utm_source=fb&fbclid=x#reviews')).toBe(
      'shop.com/p/Lamp-2',
    );
    expect(productLinkKey('http://shop.com/p/lamp/')).toBe('shop.com/p/lamp');
    expect(productLinkKey('https://user@shop.com:8443/p/lamp')).toBe('shop.com/p/lamp');
    expect(productLinkKey('shop.com/p/lamp?ref=1')).toBe('shop.com/p/lamp');
  });

  it('reads a Shopify product the same through a collection or a locale', () => {
    const key = 'glowly.store/products/moon-lamp';
    expect(productLinkKey('https://glowly.store/products/moon-lamp')).toBe(key);
    expect(productLinkKey('https://glowly.store/collections/best-sellers/products/Moon-Lamp?variant=1')).toBe(
      key,
    );
    expect(productLinkKey('https://www.glowly.store/en-us/products/moon-lamp/')).toBe(key);
  });

  it('never groups by a root path or what is not a link', () => {
    for (const url of [
      'https://shop.com',
      'https://shop.com/',
      'https://shop.com/?utm=1',
      'https://shop.com//#x',
      '',
      'not a link',
      'mailto:x@y.z',
    ]) {
      expect(productLinkKey(url)).toBeNull();
    }
  });

  const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
  const host = fc
    .tuple(segment, fc.constantFrom('com', 'store', 'de'))
    .map(([name, tld]) => `${name}.${tld}`);
  const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`);
  const query = fc.stringMatching(/^[a-z0-9=&_]{0,20}$/);

  it('is the same with any query, fragment, trailing slash, www. or host case', () => {
    fc.assert(
      fc.property(host, path, query, query, fc.boolean(), fc.boolean(), (h, p, q, f, www, slash) => {
        const plain = productLinkKey(`https://${h}${p}`);
        const noisy = productLinkKey(
          `https://${www ? 'www.' : ''}${h.toUpperCase()}${p}${slash ? '/' : ''}${q ? `?${q}` : ''}${f ? `#${f}` : ''}`,
        );
        expect(plain).not.toBeNull();
        expect(noisy).toBe(plain);
      }),
      { numRuns: 300 },
    );
  });

  it("gives a collection's product page the key of the product page", () => {
    fc.assert(
      fc.property(host, segment, segment, (h, collection, handle) => {
        expect(productLinkKey(`https://${h}/collections/${collection}/products/${handle}`)).toBe(
          productLinkKey(`https://${h}/products/${handle}`),
        );
      }),
      { numRuns: 200 },
    );
  });
});
