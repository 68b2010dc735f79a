/**
 * The product page an ad links to, as a key that two links to the same page share
 * (docs/insights.md#how-ads-become-products): host and path only, so the query (tracking
 * parameters included), the fragment and a trailing slash never split a product, and a Shopify
 * handle reached through a collection is the same page as the handle itself.
 */

/** scheme://[user@]host[:port]/path?query#fragment, or a bare host with a dot (shop.com/x). */
const URL_PARTS = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^@/?#]*@)?([^/?#:]+)(?::\d*)?([^?#]*)/i;
const BARE_HOST = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d*)?(\/[^?#]*)?(?:[?#]|$)/i;
/**
 * Shopify's product URLs: /products/<handle>, also under a collection
 * (/collections/<any>/products/<handle>) and a market's locale prefix (/en-us/…).
 */
const SHOPIFY_PRODUCT = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?(?:\/collections\/[^/]+)?\/products\/([^/]+)$/i;

/**
 * `url` as 'host/path' (host lowercased, without `www.`; no query, fragment or trailing slash;
 * a Shopify product page as 'host/products/<handle>'), or null when it names no page: not a
 * link, or the site's root (a store's home page says nothing about which product).
 */
export function productLinkKey(url: string): string | null {
  const text = url.trim();
  const match = URL_PARTS.exec(text) ?? BARE_HOST.exec(text);
  if (!match) return null;
  const host = match[1]!
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  if (!host) return null;
  const path = (match[2] ?? '').replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  if (path === '') return null;
  const shopify = SHOPIFY_PRODUCT.exec(path);
  if (shopify) return `${host}/products/${shopify[1]!.toLowerCase()}`;
  return `${host}${path}`;
}
