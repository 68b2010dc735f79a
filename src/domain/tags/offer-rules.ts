/**
 * The offer rules (docs/ai.md#tags): which offers a text makes. The offers with numbers (percent
 * off, buy X get Y, a price) are patterns here, in the 14 languages at once; the ones said in words
 * are phrase tables (src/domain/tags/offer-phrases.ts). Every rule reads folded text
 * (src/domain/tags/text-match.ts).
 */
import { BUNDLE, FREE_GIFT, FREE_SHIPPING, GUARANTEE, LIMITED_STOCK } from './offer-phrases.ts';
import { allLanguages, compilePhrases } from './text-match.ts';
import type { OfferTag } from './vocabulary.ts';

/** Not preceded / followed by a letter or a digit. */
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';
const alt = (words: readonly string[]): string => `(?:${words.join('|')})`;

// ---- percent off -------------------------------------------------------------------------------

/** A percentage that can be a discount: 1–99 (100 % is cotton, not a discount), "%" or " %". */
const PERCENT = '(?<![\\p{N}.,])[1-9]\\d?(?:[.,]\\d)?\\s?%';

/** Words after the percentage that make it a discount ("50% OFF", "20 % Rabatt", "-20% zniżki"). */
const OFF_WORDS = [
  'off',
  'discount',
  'sale',
  'rabatt',
  'rabat',
  'rabatu',
  'reduziert',
  'reduction',
  'remise',
  'reduit',
  'descuento',
  'dto',
  'rebaja',
  'sconto',
  'scontato',
  'korting',
  'afslag',
  'desconto',
  'znizki',
  'znizka',
  'taniej',
  'billigere',
  'billigare',
  'nedsat',
  'rea',
  'udsalg',
  'alennus',
  'alennusta',
  'alennuksella',
  'ale',
  'reducere',
  'reduceri',
  'εκπτωση',
  'εκπτωσεισ',
  'εκπτωσησ',
];

/** Words before it ("save 20%", "spar bis zu 20 %", "SALE -50%"). */
const SAVE_WORDS = [
  'save',
  'spar',
  'spare',
  'sparen',
  'economisez',
  'ahorra',
  'ahorre',
  'risparmia',
  'bespaar',
  'economize',
  'poupe',
  'oszczedz',
  'spara',
  'saasta',
  'economisesti',
  'κερδιστε',
  'εξοικονομηστε',
  'sale',
  'soldes',
  'rebajas',
  'saldi',
  'uitverkoop',
  'promocao',
  'wyprzedaz',
  'udsalg',
  'salg',
  'rea',
  'reduceri',
  'εκπτωσεισ',
];

/** Small words that may stand between ("20% de réduction", "save up to 20%", "30 % auf alles"). */
const LINK_WORDS = [
  'up',
  'to',
  'of',
  'on',
  'the',
  'all',
  'everything',
  'bis',
  'zu',
  'auf',
  'alles',
  "jusqu'a",
  'de',
  'du',
  'des',
  'sur',
  'tout',
  'hasta',
  'un',
  'el',
  'en',
  'todo',
  'fino',
  'al',
  'di',
  'il',
  'tutto',
  'tot',
  'op',
  'alle',
  'ate',
  'em',
  'tudo',
  'do',
  'na',
  'wszystko',
  'til',
  'opp',
  'upp',
  'till',
  'alt',
  'allt',
  'jopa',
  'kaikki',
  'pana',
  'la',
  'totul',
  'εωσ',
  'και',
  'σε',
  'ολα',
  'στα',
];
const LINKS = `(?:${alt(LINK_WORDS)}\\s+){0,3}`;

const PERCENT_OFF = new RegExp(
  [
    // a minus before it: "-30 %", "jusqu'à -50%" (not the dash of a range, "10-30%")
    `(?<![\\p{N}.,%])[-−–]\\s?[1-9]\\d?(?:[.,]\\d)?\\s?%`,
    `${START}${alt(SAVE_WORDS)}\\s+${LINKS}[-−–]?\\s?${PERCENT}`,
    `${PERCENT}\\s*${LINKS}${alt(OFF_WORDS)}${END}`,
  ].join('|'),
  'u',
);

const HALF_PRICE = compilePhrases([
  'half price',
  'half off',
  'halber preis',
  'zum halben preis',
  'moitié prix',
  'mitad de precio',
  'metà prezzo',
  'halve prijs',
  'metade do preço',
  'pół ceny',
  'halv pris',
  'halvpris',
  'halva priset',
  'puoleen hintaan',
  'jumătate de preț',
  'μισή τιμή',
]);

// ---- buy X get Y -------------------------------------------------------------------------------

const FREE_WORDS = [
  'free',
  'gratis',
  'gratuit',
  'gratuite',
  'gratuitement',
  'offert',
  'offerte',
  'gratuito',
  'gratuita',
  'in omaggio',
  'omaggio',
  'in regalo',
  'de regalo',
  'kostenlos',
  'geschenkt',
  'za darmo',
  'ilmaiseksi',
  'kaupan paalle',
  'δωρο',
  'δωρεαν',
  'half price',
  'half off',
  'zum halben preis',
  'a moitie prix',
  'a mitad de precio',
  'a meta prezzo',
  'voor de halve prijs',
  'a metade do preco',
  'za pol ceny',
  'til halv pris',
  'for halva priset',
  'puoleen hintaan',
  'la jumatate de pret',
  'σε μιση τιμη',
];
const ORDINALS = [
  '\\d(?:nd|rd|th|e|eme|o|a)',
  'second',
  'third',
  'zweite[nrs]?',
  'dritte[nrs]?',
  'deuxieme',
  'troisieme',
  'segund[oa]',
  'tercer[oa]?',
  'second[oa]',
  'terz[oa]',
  'tweede',
  'derde',
  'drug[iae]',
  'trzec(?:i|ia|ie)',
  'anden',
  'andet',
  'andre',
  'annen',
  'andra',
  'tredje',
  'toinen',
  'kolmas',
  'al doilea',
  'al treilea',
  'a doua',
  'a treia',
  'δευτερ[οη]',
  'τριτ[οη]',
];
const BUY_VERBS = [
  'buy',
  'take',
  'nimm',
  'prendi',
  'lleva',
  'leve',
  'kauf(?:e|en|st)?',
  'achete[zr]?',
  'compr[ae]',
  'compri',
  'koop',
  'kup',
  'køb',
  'kjøp',
  'kop',
  'osta',
  'cumpara',
  'cumperi',
  'αγορασ(?:ε|τε)',
];
const GET_VERBS = [
  'get',
  'receive',
  'pay',
  'bekomm(?:e|st)',
  'erhalte',
  'zahl(?:e|st)?',
  'payez',
  'paye',
  'recevez',
  'obtenez',
  'llev(?:a|ate|as)',
  'pag(?:a|as|ue|hi)',
  'prendi',
  'ricevi',
  'krijg',
  'betaal',
  'ontvang',
  'leve',
  'receba',
  'ganhe',
  'zaplac',
  'placisz',
  'dostaniesz',
  'otrzymasz',
  'odbierz',
  'fa',
  'betal(?:a)?',
  'maksa',
  'saat',
  'primesti',
  'plateste',
  'παρ(?:ε|τε)',
  'πληρωσ(?:ε|τε)',
];
const COUNT = '(?:\\d|one|two|three|four)';

const BUY_X_GET_Y = new RegExp(
  [
    `${START}(?:bogo|b[1-3]g[1-2])${END}`,
    // "Buy 2, get 1 free", "Kauf 2, zahl 1", "compra 2 y llévate 3", "koop 2, betaal er 1"
    `${START}${alt(BUY_VERBS)}\\s+${COUNT}\\s*[,:–-]?\\s*(?:\\p{L}+\\s+){0,2}?${alt(GET_VERBS)}\\s+(?:\\p{L}{1,3}\\s+)?(?:${COUNT}|the|a|another|${alt(ORDINALS)})${END}`,
    // "2+1 gratis", "1+1 δώρο"
    `(?<![\\p{N}.,])[1-9]\\s?\\+\\s?[1-9]\\s*${alt(FREE_WORDS)}${END}`,
    // "the second pair free", "le 3e offert", "der zweite Artikel gratis"
    `${START}${alt(ORDINALS)}\\s+(?:\\p{L}+\\s+){0,2}?${alt(FREE_WORDS)}${END}`,
  ].join('|'),
  'u',
);

/** "2 for 1", "3 für 2", "2x1", "3 al prezzo di 2": more goods than paid for, never a size or a price. */
const N_FOR_M = new RegExp(
  `(?<![\\p{N}.,x×/])([2-9])\\s?(?:for|fur|pour|por|al prezzo di|voor|pelo preco de|w cenie|la pret de|x|×)\\s?([1-8])(?![\\p{N}.,%x×]|\\s?(?:[€$£"]|(?:cm|mm|m|ft|kr|zl|lei|eur|ron)(?!\\p{L})))`,
  'gu',
);
function nForM(folded: string): boolean {
  for (const match of folded.matchAll(N_FOR_M)) if (Number(match[1]) > Number(match[2])) return true;
  return false;
}

// ---- a price -----------------------------------------------------------------------------------

/** An amount: "19,99", "1.299,00", "1 299", "29,-". */
const AMOUNT = "(?:\\d{1,3}(?:[ .,']\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?)(?:[.,][-–])?";
const SYMBOL = '[€$£]';
const CODES_BEFORE = [
  'us\\$',
  'eur',
  'usd',
  'gbp',
  'chf',
  'ron',
  'pln',
  'sek',
  'nok',
  'dkk',
  'kr\\.?',
  'lei',
];
const CODES_AFTER = [
  'eur',
  'euro',
  'euros',
  'usd',
  'gbp',
  'chf',
  'kr\\.?',
  'sek',
  'nok',
  'dkk',
  'zł',
  'zl',
  'pln',
  'lei',
  'ron',
  'ευρω',
];
const PRICE_WORDS = [
  'only',
  'just',
  'from',
  'nur',
  'ab',
  'seulement',
  'a partir de',
  'solo',
  'desde',
  'a soli',
  'alleen',
  'vanaf',
  'apenas',
  'por apenas',
  'tylko',
  'juz od',
  'kun',
  'bara',
  'endast',
  'vain',
  'doar',
  'μονο',
  'απο',
];
const PRICE = new RegExp(
  [
    `(?:${SYMBOL}|${START}${alt(CODES_BEFORE)})\\s?${AMOUNT}(?!\\p{N})`,
    `(?<![\\p{L}\\p{N}.,])${AMOUNT}\\s?(?:${SYMBOL}|${alt(CODES_AFTER)}(?!\\p{L}))`,
    // "only 19.99": a price word and an amount with cents (a year has none)
    `${START}${alt(PRICE_WORDS)}\\s+\\d+[.,]\\d{2}(?![\\p{N}%])`,
  ].join('|'),
  'u',
);

// ---- the offers said in words -------------------------------------------------------------------

const FREE_SHIPPING_PATTERN = compilePhrases(allLanguages(FREE_SHIPPING));
const FREE_GIFT_PATTERN = compilePhrases(allLanguages(FREE_GIFT));
const GUARANTEE_PATTERN = compilePhrases(allLanguages(GUARANTEE));
const LIMITED_STOCK_PATTERN = compilePhrases(allLanguages(LIMITED_STOCK));
const BUNDLE_PATTERN = compilePhrases(allLanguages(BUNDLE));

/** Each offer and whether folded text makes it, in the vocabulary's order. */
export const OFFER_RULES: readonly (readonly [OfferTag, (folded: string) => boolean])[] = [
  ['offer:percent_off', (text) => PERCENT_OFF.test(text) || HALF_PRICE.test(text)],
  ['offer:buy_x_get_y', (text) => BUY_X_GET_Y.test(text) || nForM(text)],
  ['offer:free_shipping', (text) => FREE_SHIPPING_PATTERN.test(text)],
  ['offer:price', (text) => PRICE.test(text)],
  ['offer:bundle', (text) => BUNDLE_PATTERN.test(text)],
  ['offer:free_gift', (text) => FREE_GIFT_PATTERN.test(text)],
  ['offer:guarantee', (text) => GUARANTEE_PATTERN.test(text)],
  ['offer:limited_stock', (text) => LIMITED_STOCK_PATTERN.test(text)],
];
