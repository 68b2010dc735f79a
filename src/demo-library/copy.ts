/**
 * The demo source's ad copy: body styles (pain and hook, testimonial, flash sale, checklist,
 * confession, plain), titles and link descriptions, with prices in the target country's currency.
 */
import { FIRST_NAMES, HOOKS, OFFERS, TESTIMONIALS, formatPrice, type DemoProduct } from './catalogue.ts';
import type { Rand } from './random.ts';

export function ucfirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `prefix` + `name`, unless the name already starts with it: a keyword product may already be
 * 'The Original Lampe' or 'Premium Lampe' (shops.ts), and 'The Original The Original
 * Lampe™' reads like a bug.
 */
export function withPrefix(prefix: string, name: string): string {
  return name.toLowerCase().startsWith(`${prefix.toLowerCase()} `) ? name : `${prefix} ${name}`;
}

/** `name` + `suffix`, unless the name already ends with it ('Lampe Pro Pro'). */
export function withSuffix(name: string, suffix: string): string {
  return name.toLowerCase().endsWith(` ${suffix.toLowerCase()}`) ? name : `${name} ${suffix}`;
}

/** 'the Posture Corrector', or the name alone when it has its own article ('The Original Lampe'). */
function theProduct(name: string, capital = false): string {
  if (/^the\s/i.test(name)) return capital ? ucfirst(name) : name;
  return `${capital ? 'The' : 'the'} ${name}`;
}

/** Names read letter by letter whose first letter sounds like a vowel (an LED mask). */
const VOWEL_SOUND_ACRONYM = /^[AEFHILMNORSX][A-Z0-9]*\b/;

/** 'a posture corrector', 'an ice roller', 'an LED mask', 'the original lampe' (lower case). */
function aProduct(name: string): string {
  if (/^the\s/i.test(name)) return name.toLowerCase();
  const article = /^[aeiou]/i.test(name) || VOWEL_SOUND_ACRONYM.test(name) ? 'an' : 'a';
  return `${article} ${name.toLowerCase()}`;
}

export function bodyText(style: number, product: DemoProduct, rand: Rand, country: string): string {
  const [b0, b1, b2] = product.benefits;
  const hook = rand.pick(HOOKS);
  const offer = rand.pick(OFFERS);
  const price = formatPrice(product.price, country);
  switch (style) {
    case 0:
      return `Tired of ${product.pain}? ${hook}\n\nMeet ${theProduct(product.name)}: ${b0}, ${b1} and ${b2}.\n\n👉 ${offer}.`;
    case 1:
      return `"${rand.pick(TESTIMONIALS)}." – ${rand.pick(FIRST_NAMES)}, verified buyer ⭐️⭐️⭐️⭐️⭐️\n\n${theProduct(product.name, true)}: ${b0}. ${offer}.`;
    case 2: {
      const off = rand.pick([20, 30, 40, 50, 60]);
      const was = formatPrice(product.price / (1 - off / 100), country);
      return `${hook} FLASH SALE: ${off}% OFF ${theProduct(product.name)} – today only!\n\nNow ${price} (was ${was}). ${offer}.`;
    }
    case 3:
      return `Why ${rand.int(2, 95)},000+ customers love ${theProduct(product.name)}:\n\n✅ ${ucfirst(b0)}\n✅ ${ucfirst(b1)}\n✅ ${ucfirst(b2)}\n\n${offer} 🚚`;
    case 4:
      return `I didn't think ${aProduct(product.name)} would change anything... I was wrong ${hook}\n\n${ucfirst(b0)}, ${b1}. Try it risk-free: ${offer.toLowerCase()}.`;
    default:
      return `${product.name}. ${ucfirst(b0)}. ${offer}.`;
  }
}

export function titleText(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.15) return null;
  if (roll < 0.45) return product.name;
  if (roll < 0.65) return `${product.name} – ${rand.pick([30, 40, 50])}% Off Today`;
  if (roll < 0.8) return `${withPrefix('The Original', product.name)}™`;
  return `${product.name} | Only ${formatPrice(product.price, country)}`;
}

export function linkDescription(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.3) return null;
  if (roll < 0.6) return product.description;
  if (roll < 0.8) return `${formatPrice(product.price, country)} · ${rand.pick(OFFERS)}`;
  return `${ucfirst(product.benefits[0])} ✓ ${ucfirst(product.benefits[2])}`;
}
