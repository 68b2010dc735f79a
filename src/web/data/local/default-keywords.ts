/**
 * Default keyword lists per locale (docs/product.md#constants-and-limits): at most 50 unique entries,
 * de-duplicated case-insensitively, starting with a buy-one-get-one phrase, a 50% discount phrase,
 * /products and /collections, then generic sales terms. Ten of the terms are translated per
 * locale; the rest stay English, as ad copy in every market uses them.
 */
import { LIMITS } from '../../../domain/forms/limits.ts';
import type { LocaleCode } from '../../../domain/forms/locales.ts';

/** The ~50 English sales terms, in the order they are listed. */
export const ENGLISH_SALES_TERMS = [
  'free shipping',
  'limited offer',
  'flash sale',
  'bestseller',
  'new arrival',
  'today only',
  'order now',
  'shop now',
  'discount',
  'sale',
  'dropshipping',
  'trending',
  'viral',
  'winning product',
  'hot product',
  'fast shipping',
  'tiktok made me buy it',
  'as seen on tiktok',
  'must have',
  'gift idea',
  'back in stock',
  'selling fast',
  'limited stock',
  'last chance',
  'exclusive deal',
  'money back guarantee',
  '30 day guarantee',
  'free returns',
  'cash on delivery',
  'worldwide shipping',
  'clearance',
  'black friday',
  'cyber monday',
  'bundle deal',
  'save big',
  'lowest price',
  'best price',
  'customer favorite',
  'top rated',
  'premium quality',
  'handmade',
  'eco friendly',
  'gadget',
  'home essentials',
  'beauty',
  'pet lovers',
  'fitness',
  'kitchen',
  'fashion',
  'christmas gift',
] as const;

/** The ten translated terms, in ENGLISH_SALES_TERMS order (the first ten). */
const TRANSLATED_COUNT = 10;

interface LocaleWords {
  bogo: string;
  halfOff: string;
  /** Translations of the first ten English terms, same order. */
  terms: readonly string[];
}

const EN: LocaleWords = {
  bogo: 'buy one get one free',
  halfOff: '50% off',
  terms: ENGLISH_SALES_TERMS.slice(0, TRANSLATED_COUNT),
};

const DE: LocaleWords = {
  bogo: '1 kaufen 1 gratis',
  halfOff: '50% Rabatt',
  terms: [
    'kostenloser Versand',
    'begrenztes Angebot',
    'Blitzangebot',
    'Bestseller',
    'neu eingetroffen',
    'nur heute',
    'jetzt bestellen',
    'jetzt kaufen',
    'Rabatt',
    'Sale',
  ],
};

const WORDS: Record<LocaleCode, LocaleWords> = {
  'en-US': EN,
  'fr-FR': {
    bogo: '1 acheté 1 offert',
    halfOff: '-50%',
    terms: [
      'livraison gratuite',
      'offre limitée',
      'vente flash',
      'meilleure vente',
      'nouveauté',
      "aujourd'hui seulement",
      'commandez maintenant',
      'acheter maintenant',
      'réduction',
      'soldes',
    ],
  },
  'es-ES': {
    bogo: 'compra uno y llévate otro gratis',
    halfOff: '50% de descuento',
    terms: [
      'envío gratis',
      'oferta limitada',
      'oferta relámpago',
      'más vendido',
      'novedad',
      'solo hoy',
      'pide ahora',
      'compra ahora',
      'descuento',
      'rebajas',
    ],
  },
  'nl-BE': {
    bogo: '1 + 1 gratis',
    halfOff: '50% korting',
    terms: [
      'gratis verzending',
      'beperkt aanbod',
      'flitsverkoop',
      'bestseller',
      'nieuw binnen',
      'alleen vandaag',
      'bestel nu',
      'koop nu',
      'korting',
      'uitverkoop',
    ],
  },
  'pt-PT': {
    bogo: 'compre 1 leve 2',
    halfOff: '50% de desconto',
    terms: [
      'portes grátis',
      'oferta limitada',
      'promoção relâmpago',
      'mais vendido',
      'novidade',
      'só hoje',
      'encomende já',
      'compre agora',
      'desconto',
      'saldos',
    ],
  },
  'de-DE': DE,
  'pl-PL': {
    bogo: 'kup jeden, drugi gratis',
    halfOff: '50% taniej',
    terms: [
      'darmowa dostawa',
      'oferta limitowana',
      'błyskawiczna wyprzedaż',
      'bestseller',
      'nowość',
      'tylko dziś',
      'zamów teraz',
      'kup teraz',
      'rabat',
      'wyprzedaż',
    ],
  },
  'da-DK': {
    bogo: 'køb 1 få 1 gratis',
    halfOff: '50% rabat',
    terms: [
      'gratis fragt',
      'begrænset tilbud',
      'lynudsalg',
      'bestseller',
      'nyhed',
      'kun i dag',
      'bestil nu',
      'køb nu',
      'rabat',
      'udsalg',
    ],
  },
  'nb-NO': {
    bogo: 'kjøp 1 få 1 gratis',
    halfOff: '50% rabatt',
    terms: [
      'gratis frakt',
      'begrenset tilbud',
      'lynsalg',
      'bestselger',
      'nyhet',
      'kun i dag',
      'bestill nå',
      'kjøp nå',
      'rabatt',
      'salg',
    ],
  },
  'sv-SE': {
    bogo: 'köp 1 få 1 gratis',
    halfOff: '50% rabatt',
    terms: [
      'fri frakt',
      'begränsat erbjudande',
      'blixtrea',
      'bästsäljare',
      'nyhet',
      'endast idag',
      'beställ nu',
      'köp nu',
      'rabatt',
      'rea',
    ],
  },
  'fi-FI': {
    bogo: 'osta 1 saat 1 kaupan päälle',
    halfOff: '-50%',
    terms: [
      'ilmainen toimitus',
      'rajoitettu tarjous',
      'salamatarjous',
      'myydyin',
      'uutuus',
      'vain tänään',
      'tilaa nyt',
      'osta nyt',
      'alennus',
      'ale',
    ],
  },
  'de-AT': DE,
  'ro-RO': {
    bogo: 'cumperi unul, primești unul gratuit',
    halfOff: '50% reducere',
    terms: [
      'livrare gratuită',
      'ofertă limitată',
      'reduceri fulger',
      'cel mai vândut',
      'noutate',
      'doar azi',
      'comandă acum',
      'cumpără acum',
      'reducere',
      'promoție',
    ],
  },
  'el-GR': {
    bogo: 'αγοράστε 1 πάρτε 1 δώρο',
    halfOff: '50% έκπτωση',
    terms: [
      'δωρεάν αποστολή',
      'περιορισμένη προσφορά',
      'flash προσφορά',
      'best seller',
      'νέα άφιξη',
      'μόνο σήμερα',
      'παραγγείλτε τώρα',
      'αγοράστε τώρα',
      'έκπτωση',
      'προσφορά',
    ],
  },
  'it-IT': {
    bogo: 'prendi 2 paghi 1',
    halfOff: 'sconto del 50%',
    terms: [
      'spedizione gratuita',
      'offerta limitata',
      'offerta lampo',
      'più venduto',
      'novità',
      'solo oggi',
      'ordina ora',
      'acquista ora',
      'sconto',
      'saldi',
    ],
  },
};

/** Paths that stay as they are in every locale. */
export const UNTRANSLATED_PATHS = ['/products', '/collections'] as const;

/** Keeps the first of each entry (case-insensitive, trimmed), drops empties, caps the list. */
export function uniqueKeywords(
  keywords: readonly string[],
  max: number = LIMITS.keywordSetMaxEntries,
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keywords) {
    const keyword = raw.trim();
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    out.push(keyword);
    if (out.length >= max) break;
  }
  return out;
}

/** The default list of docs/product.md#constants-and-limits for a locale. */
export function defaultKeywords(locale: LocaleCode): string[] {
  const words = WORDS[locale];
  const translated = new Set(ENGLISH_SALES_TERMS.slice(0, TRANSLATED_COUNT));
  return uniqueKeywords([
    words.bogo,
    words.halfOff,
    ...UNTRANSLATED_PATHS,
    ...words.terms,
    ...ENGLISH_SALES_TERMS.filter((term) => !translated.has(term)),
  ]);
}
