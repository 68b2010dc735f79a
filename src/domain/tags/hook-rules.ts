/**
 * The hook rules (docs/ai.md#tags): which hooks a text uses. Questions, star ratings, customer
 * counts, end dates and numbered lists are patterns here, in the 14 languages at once; the hooks
 * said in words are phrase tables (src/domain/tags/hook-phrases.ts). Every rule reads folded text
 * (src/domain/tags/text-match.ts).
 */
import { BEFORE_AFTER, PAIN_POINT, PATTERN_INTERRUPT, SOCIAL_PROOF, URGENCY } from './hook-phrases.ts';
import { allLanguages, compilePhrases } from './text-match.ts';
import type { HookTag, TagLanguage } from './vocabulary.ts';

const START = '(?<![\\p{L}\\p{N}])';
const alt = (words: readonly string[]): string => `(?:${words.join('|')})`;

// ---- a question --------------------------------------------------------------------------------

/** Links and query strings, whose "?" asks nothing. */
const LINK = /(?:https?:\/\/|www\.)\S*|[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S*|\S*\?[\p{L}\p{N}_]+=\S*/gu;
/** A "?" after a word (French puts a space before it), maybe through a quote or an emoji. */
const QUESTION_MARK = /[\p{L}\p{N}](?:[\s"'»”)]|\p{Extended_Pictographic}){0,3}\?/u;
/** Spanish opens a question: "¿Cansado de…". */
const OPENING_MARK = /¿\s*\p{L}/u;
/** Greek asks with ";" (folded from the Greek question mark ";"), after a Greek word. */
const GREEK_QUESTION = /\p{Script=Greek}{2,}["'»”)]?\s*;/u;
/** In a text known to be Greek, after any word ("Έτοιμοι για το iPhone;"). */
const ANY_WORD_SEMICOLON_QUESTION = /\p{L}{2,}["'»”)]?\s*;(?=\s|$)/u;

function isQuestion(folded: string, language: TagLanguage | null): boolean {
  const text = folded.replace(LINK, ' ');
  if (QUESTION_MARK.test(text) || OPENING_MARK.test(text) || GREEK_QUESTION.test(text)) return true;
  return language === 'el' && ANY_WORD_SEMICOLON_QUESTION.test(text);
}

// ---- a pattern interrupt -----------------------------------------------------------------------

/** Short calls that interrupt only at a sentence's start and with "!" ("Stop!", "Warte…"). */
const SHORT_INTERRUPTS = [
  'stop',
  'stopp',
  'wait',
  'hold up',
  'pause',
  'warte',
  'achtung',
  'attendez',
  'attends',
  'attention',
  'espera',
  'atencion',
  'aspetta',
  'attenzione',
  'wacht',
  'let op',
  'atencao',
  'czekaj',
  'uwaga',
  'vent',
  'obs',
  'vanta',
  'odota',
  'huomio',
  'stai',
  'asteapta',
  'atentie',
  'περιμενε',
  'σταματα',
  'προσοχη',
];
const SHORT_INTERRUPT = new RegExp(
  `(?:^|[\\n.!?¡]\\s*|🛑\\s*)¡?${alt(SHORT_INTERRUPTS)}\\s*(?:!|\\.\\.\\.|…|🛑|✋)|🛑`,
  'u',
);

// ---- social proof ------------------------------------------------------------------------------

const STARS = /(?:[★⭐]\s?){3,}/u;
const RATING = new RegExp(
  `(?<![\\p{N}.,])[1-5][.,]\\d\\s?(?:/|${alt(['out of', 'von', 'sur', 'de', 'su', 'van', 'z', 'av', 'af', 'ud af', 'din', 'απο'])})\\s?5(?!\\p{N})|(?<![\\p{N}.,])[1-5][.,]\\d\\s?[★⭐]`,
  'u',
);
/** A count of people or sales: "10,000+", "50.000", "20 000", "500+", "12k", "1 million" (not a year). */
const BIG_COUNT =
  "(?:\\d{1,3}(?:[.,' ]\\d{3})+\\s?\\+?|\\d{2,}\\s?\\+|\\d+(?:[.,]\\d)?\\s?(?:k|m|mio|million\\p{L}*|milion\\p{L}*|miljoon\\p{L}*|εκατομμυρι\\p{L}*)\\s?\\+?)";
const PEOPLE = [
  'customers',
  'clients',
  'buyers',
  'users',
  'people',
  'orders',
  'sold',
  'kunden',
  'kaufer',
  'bestellungen',
  'verkauft',
  'vendus',
  'clientes',
  'vendidos',
  'clienti',
  'venduti',
  'klanten',
  'verkocht',
  'klientow',
  'klienci',
  'sprzedanych',
  'kunder',
  'solgt',
  'salda',
  'asiakasta',
  'asiakkaat',
  'myyty',
  'cumparatori',
  'vandute',
  'πελατεσ',
  'πωληθηκαν',
];
const PEOPLE_COUNT = new RegExp(
  `(?<![\\p{N}.,])${BIG_COUNT}\\s+(?:\\p{L}+\\s+){0,2}?${alt(PEOPLE)}(?!\\p{L})`,
  'u',
);

// ---- urgency: an end date ----------------------------------------------------------------------

const UNTIL = [
  'until',
  'till',
  'ends',
  'ending',
  'expires',
  'bis',
  'bis zum',
  'endet am',
  "jusqu'au",
  "jusqu'a",
  'se termine le',
  'hasta el',
  'hasta',
  'termina el',
  'fino al',
  'fino a',
  'scade il',
  't/m',
  'tot en met',
  'tot',
  'eindigt op',
  'ate',
  'ate ao',
  'ate dia',
  'do',
  'konczy sie',
  'til og med',
  't\\.o\\.m\\.',
  'tom',
  'til',
  'slutter',
  'slutar',
  'pana la',
  'pana pe',
  'se termina pe',
  'εωσ',
  'μεχρι',
  'ληγει',
];
const MONTH_STEMS = [
  'jan',
  'ene',
  'gen',
  'sty',
  'ian',
  'tammi',
  'feb',
  'fev',
  'lut',
  'helmi',
  'mar',
  'maa',
  'maalis',
  'apr',
  'abr',
  'avr',
  'kwi',
  'huhti',
  'may',
  'mai',
  'maj',
  'mei',
  'mag',
  'touko',
  'jun',
  'juin',
  'giu',
  'cze',
  'iun',
  'kesa',
  'jul',
  'juil',
  'lug',
  'lip',
  'iul',
  'heina',
  'aug',
  'aout',
  'ago',
  'sie',
  'elo',
  'sep',
  'set',
  'wrz',
  'syys',
  'oct',
  'okt',
  'ott',
  'out',
  'paz',
  'loka',
  'nov',
  'lis',
  'noi',
  'marras',
  'dec',
  'dez',
  'dic',
  'des',
  'gru',
  'joulu',
  'ιαν',
  'φεβ',
  'μαρ',
  'απρ',
  'μαι',
  'ιουν',
  'ιουλ',
  'αυγ',
  'σεπ',
  'οκτ',
  'νοε',
  'δεκ',
];
const MONTH = `${alt(MONTH_STEMS)}\\p{L}*\\.?`;
const DAY = '(?:[1-9]|[12]\\d|3[01])';
const MONTH_NUMBER = '(?:0?[1-9]|1[0-2])';
/** "31.12.", "31.12.2026", "31/12", "12/31", "31 de diciembre", "December 31st". */
const DATE = `(?:${DAY}\\.${MONTH_NUMBER}\\.(?:\\d{2,4})?|${DAY}/${MONTH_NUMBER}(?:/\\d{2,4})?(?!\\p{N})|${MONTH_NUMBER}/${DAY}(?:/\\d{2,4})?(?!\\p{N})|${DAY}(?:st|nd|rd|th|\\.)?\\s+(?:de\\s+|of\\s+)?${MONTH}|${MONTH}\\s+${DAY}(?:st|nd|rd|th)?(?!\\p{N})|(?:0?[1-9]|1[0-2])/${DAY}(?!\\p{N}))`;
const WEEKDAYS = `(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:sonn|mon|diens|donners|frei|sams)tag|mittwoch`;
const END_DATE = new RegExp(
  `${START}${alt(UNTIL)}\\s+(?:(?:the|den|dem|le|el|il|de|dia|on)\\s+)?(?:${DATE}|${WEEKDAYS}|midnight|mitternacht|minuit|medianoche|mezzanotte|middernacht|midnat|midnatt|keskiyo|miezul noptii|τα μεσανυχτα)|${START}${DATE}\\s+(?:asti|saakka|mennessa)`,
  'u',
);

// ---- a number list -----------------------------------------------------------------------------

const LIST_NOUNS = [
  'reasons',
  'tips',
  'ways',
  'things',
  'steps',
  'secrets',
  'mistakes',
  'signs',
  'hacks',
  'benefits',
  'facts',
  'grunde',
  'tipps',
  'wege',
  'dinge',
  'schritte',
  'geheimnisse',
  'fehler',
  'anzeichen',
  'raisons',
  'astuces',
  'conseils',
  'facons',
  'choses',
  'etapes',
  'erreurs',
  'signes',
  'razones',
  'motivos',
  'consejos',
  'trucos',
  'formas',
  'maneras',
  'cosas',
  'pasos',
  'secretos',
  'errores',
  'senales',
  'motivi',
  'ragioni',
  'consigli',
  'trucchi',
  'modi',
  'cose',
  'passi',
  'segreti',
  'errori',
  'redenen',
  'manieren',
  'dingen',
  'stappen',
  'geheimen',
  'fouten',
  'razoes',
  'dicas',
  'coisas',
  'passos',
  'segredos',
  'erros',
  'powody',
  'powodow',
  'porady',
  'porad',
  'sposoby',
  'sposobow',
  'rzeczy',
  'kroki',
  'krokow',
  'sekrety',
  'bledy',
  'bledow',
  'grunde',
  'mader',
  'ting',
  'trin',
  'hemmeligheder',
  'fejl',
  'grunner',
  'mater',
  'trinn',
  'hemmeligheter',
  'feil',
  'anledningar',
  'skal',
  'satt',
  'saker',
  'steg',
  'hemligheter',
  'misstag',
  'syyta',
  'vinkkia',
  'tapaa',
  'asiaa',
  'askelta',
  'salaisuutta',
  'virhetta',
  'motive',
  'sfaturi',
  'moduri',
  'lucruri',
  'pasi',
  'secrete',
  'greseli',
  'λογοι',
  'λογουσ',
  'συμβουλεσ',
  'τροποι',
  'τροπουσ',
  'πραγματα',
  'βηματα',
  'μυστικα',
  'λαθη',
];
const COUNTED_LIST = new RegExp(
  `${START}(?:top\\s+\\d{1,2}(?!\\p{N})|(?:[2-9]|1\\d|20)\\s+(?:\\p{L}+\\s+)?${alt(LIST_NOUNS)}(?!\\p{L}))`,
  'u',
);
/** Lines numbered 1, 2, … ("1. …", "2) …", or the keycaps 1️⃣ 2️⃣ folded to digits). */
const NUMBERED_LINE = /^\s*(\d{1,2})\s?[.)]?\s+\p{L}/gmu;
function hasNumberedLines(folded: string): boolean {
  const numbers = [...folded.matchAll(NUMBERED_LINE)].map((match) => Number(match[1]));
  return numbers.some((n, i) => n === 1 && numbers[i + 1] === 2);
}

// ---- the hooks said in words -------------------------------------------------------------------

const PATTERN_INTERRUPT_PATTERN = compilePhrases(allLanguages(PATTERN_INTERRUPT));
const PAIN_POINT_PATTERN = compilePhrases(allLanguages(PAIN_POINT));
const SOCIAL_PROOF_PATTERN = compilePhrases(allLanguages(SOCIAL_PROOF));
const URGENCY_PATTERN = compilePhrases(allLanguages(URGENCY));
const BEFORE_AFTER_PATTERN = compilePhrases(allLanguages(BEFORE_AFTER));

/** Each hook and whether folded text (in `language`, when known) uses it, in the vocabulary's order. */
export const HOOK_RULES: readonly (readonly [
  HookTag,
  (folded: string, language: TagLanguage | null) => boolean,
])[] = [
  ['hook:question', isQuestion],
  ['hook:pattern_interrupt', (text) => PATTERN_INTERRUPT_PATTERN.test(text) || SHORT_INTERRUPT.test(text)],
  ['hook:pain_point', (text) => PAIN_POINT_PATTERN.test(text)],
  [
    'hook:social_proof',
    (text) =>
      SOCIAL_PROOF_PATTERN.test(text) || STARS.test(text) || RATING.test(text) || PEOPLE_COUNT.test(text),
  ],
  ['hook:urgency', (text) => URGENCY_PATTERN.test(text) || END_DATE.test(text)],
  ['hook:before_after', (text) => BEFORE_AFTER_PATTERN.test(text)],
  ['hook:number_list', (text) => COUNTED_LIST.test(text) || hasNumberedLines(text)],
];
