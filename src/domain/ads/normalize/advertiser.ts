/**
 * Who advertises and where the ad leads: the Page (id, profile link, categories, likes), the product
 * link, and the store's name. Every link kept is http(s) and fits its column; anything else
 * ('javascript:…', a demo image path) is ''.
 */
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { capText, cleanText } from '../../text/text.ts';
import { isHttpUrl, parseHttpUrl, queryParam } from '../../text/url.ts';
import { hasPlaceholder } from './creative-text.ts';
import { creativeField, type ItemShape } from './item-shapes.ts';
import { arrayOrEmpty, countOf, firstPresent, readField } from './raw-access.ts';

export interface Advertiser {
  page_id: string;
  page_profile_url: string;
  category: string;
  page_likes: number;
  product_link: string;
  store_name: string;
}

/** Domains that say nothing about the store: marketplaces, link shorteners, Meta itself. */
const NOT_A_STORE =
  /(^|\.)(amazon\.[a-z.]+|amzn\.to|ebay\.[a-z.]+|etsy\.com|aliexpress\.[a-z.]+|alibaba\.com|temu\.com|walmart\.com|shein\.com|wish\.com|shopee\.[a-z.]+|lazada\.[a-z.]+|bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|rebrand\.ly|linktr\.ee|facebook\.com|fb\.com|fb\.me|m\.me|instagram\.com|whatsapp\.com|wa\.me|apps\.apple\.com|play\.google\.com)$/;

/** An http(s) URL that fits its column, else ''. */
function httpUrl(value: unknown, maxLength: number): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  return url.length <= maxLength && isHttpUrl(url) ? url : '';
}

/** Facebook wraps outbound links in l.facebook.com/l.php?u=…; the store link is inside. */
function unwrapFacebookRedirect(url: string): string {
  const parts = parseHttpUrl(url);
  if (!parts || !/^(l|lm)\.facebook\.com$/.test(parts.host) || parts.path !== '/l.php') return url;
  const inner = queryParam(parts.query, 'u');
  return inner !== null && isHttpUrl(inner) ? inner : url;
}

/** The ad's link, else its first card's; a templated link gives way to a real one. */
function productLinkOf(shape: ItemShape): string {
  const own = httpUrl(creativeField(shape, 'link_url'), AD_TEXT_CAPS.product_link);
  const fromCard = httpUrl(readField(shape.firstCard, 'link_url'), AD_TEXT_CAPS.product_link);
  return unwrapFacebookRedirect(
    (own && !hasPlaceholder(own) ? own : '') ||
      (fromCard && !hasPlaceholder(fromCard) ? fromCard : '') ||
      own ||
      fromCard,
  );
}

/** A bare domain ('curvy-faja.com') from a display caption or a URL, without 'www.'. */
function domainOf(text: string): string {
  const match = /^(?:https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,63})\.?(?::\d+)?(?:[/?#].*)?$/i.exec(
    text.trim(),
  );
  return match?.[1] ? match[1].toLowerCase().replace(/^www\./, '') : '';
}

/**
 * The store: the caption's display domain, else the product link's domain, else the Page name.
 * A marketplace, shortener or Meta domain names no store, so the Page name wins over it.
 */
function storeNameOf(caption: string, productLink: string, pageName: string): string {
  const domain = domainOf(caption) || domainOf(productLink);
  if (domain && !NOT_A_STORE.test(domain)) return capText(domain, AD_TEXT_CAPS.store_name);
  return pageName || capText(domain, AD_TEXT_CAPS.store_name);
}

/** The Page's categories joined with ', ' (top-level `categories` is not the Page's: ignored). */
function categoryOf(value: unknown): string {
  const items = typeof value === 'string' ? [value] : arrayOrEmpty(value);
  const names: string[] = [];
  for (const item of items) {
    const name = cleanText(typeof item === 'string' ? item : readField(item, 'name'), { maxLength: 200 });
    if (name && !names.includes(name)) names.push(name);
  }
  return capText(names.join(', '), AD_TEXT_CAPS.category);
}

/** The advertiser's fields; `caption` is the creative's (creative-text.ts), a display domain. */
export function advertiserOf(shape: ItemShape, caption: string): Advertiser {
  const pageIdValue = firstPresent(readField(shape.item, 'page_id'), readField(shape.creative, 'page_id'));
  const pageIdText = cleanText(pageIdValue, { maxLength: 64 });
  const pageId = /^\d{1,64}$/.test(pageIdText) ? pageIdText : '';
  const pageName = cleanText(creativeField(shape, 'page_name'), { maxLength: AD_TEXT_CAPS.store_name });
  const productLink = productLinkOf(shape);
  return {
    page_id: pageId,
    page_profile_url:
      httpUrl(creativeField(shape, 'page_profile_uri'), AD_TEXT_CAPS.page_profile_url) ||
      (pageId ? `https://www.facebook.com/${pageId}` : ''),
    category: categoryOf(creativeField(shape, 'page_categories')),
    page_likes: countOf(
      firstPresent(creativeField(shape, 'page_like_count'), creativeField(shape, 'page_likes')),
    ),
    product_link: productLink,
    store_name: storeNameOf(caption, productLink, pageName),
  };
}
