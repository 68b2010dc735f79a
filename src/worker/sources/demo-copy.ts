/**
 * The demo source's ad copy: body styles (pain and hook, testimonial, flash sale, checklist,
 * confession, plain), titles and link descriptions, with prices in the target country's currency.
 */
import { FIRST_NAMES, HOOKS, OFFERS, TESTIMONIALS, formatPrice, type DemoProduct } from './demo-catalogue.ts';
import type { Rand } from './demo-random.ts';

export function ucfirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function bodyText(style: number, product: DemoProduct, rand: Rand, country: string): string {
  const [b0, b1, b2] = product.benefits;
  const hook = rand.pick(HOOKS);
  const offer = rand.pick(OFFERS);
  const price = formatPrice(product.price, country);
  switch (style) {
    case 0:
      return `Tired of ${product.pain}? ${hook}\n\nMeet the ${product.name}: ${b0}, ${b1} and ${b2}.\n\n👉 ${offer}.`;
    case 1:
      return `"${rand.pick(TESTIMONIALS)}." – ${rand.pick(FIRST_NAMES)}, verified buyer ⭐️⭐️⭐️⭐️⭐️\n\nThe ${product.name}: ${b0}. ${offer}.`;
    case 2: {
      const off = rand.pick([20, 30, 40, 50, 60]);
      const was = formatPrice(product.price / (1 - off / 100), country);
      return `${hook} FLASH SALE: ${off}% OFF the ${product.name} – today only!\n\nNow ${price} (was ${was}). ${offer}.`;
    }
    case 3:
      return `Why ${rand.int(2, 95)},000+ customers love the ${product.name}:\n\n✅ ${ucfirst(b0)}\n✅ ${ucfirst(b1)}\n✅ ${ucfirst(b2)}\n\n${offer} 🚚`;
    case 4:
      return `I didn't think a ${product.name.toLowerCase()} would change anything... I was wrong ${hook}\n\n${ucfirst(b0)}, ${b1}. Try it risk-free: ${offer.toLowerCase()}.`;
    default:
      return `${product.name}. ${ucfirst(b0)}. ${offer}.`;
  }
}

export function titleText(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.15) return null;
  if (roll < 0.45) return product.name;
  if (roll < 0.65) return `${product.name} – ${rand.pick([30, 40, 50])}% Off Today`;
  if (roll < 0.8) return `The Original ${product.name}™`;
  return `${product.name} | Only ${formatPrice(product.price, country)}`;
}

export function linkDescription(product: DemoProduct, rand: Rand, country: string): string | null {
  const roll = rand.next();
  if (roll < 0.3) return null;
  if (roll < 0.6) return product.description;
  if (roll < 0.8) return `${formatPrice(product.price, country)} · ${rand.pick(OFFERS)}`;
  return `${ucfirst(product.benefits[0])} ✓ ${ucfirst(product.benefits[2])}`;
}
