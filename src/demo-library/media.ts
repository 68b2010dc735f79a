/**
 * The demo catalogue's creatives: one drawing per product, and one per niche for the products a
 * keyword search invents, each rendered to a few raster files (DEMO_MEDIA_VARIANTS: the same
 * picture re-encoded, brightened or darkened a little, at another JPEG quality, cropped by 2% —
 * distinct files, near perceptual hashes). An ad points at the variant its store picked
 * (demoMediaFile), so one product in several stores shows near-duplicates, as on Facebook. A few
 * products also have a short video (DEMO_VIDEO_PRODUCTS, committed in public/demo-media/ by
 * scripts/make-demo-videos.mjs).
 *
 * The drawings are small SVGs — a niche glyph on the product's colours, its name and a DEMO tag.
 * media-render.ts rasterizes them; the build writes them into dist/demo-media/ and the dev
 * server answers them (vite.config.ts), so the ads carry root-relative /demo-media/ paths the app
 * serves itself and an ad's creative shows on a fresh `npm start` with no internet. With a media
 * base (DEMO_MEDIA_BASE) the links are absolute and signed like Facebook's instead (demoMediaLink).
 */
import { DEMO_MEDIA_PREFIX } from '../domain/text/url.ts';
import { NICHES, type DemoNiche, type DemoProduct } from './catalogue.ts';
import { numericId } from './random.ts';
import { slug } from './shops.ts';

const NICHE_LABELS: Record<string, string> = {
  pet: 'Pet supplies',
  beauty: 'Beauty',
  home: 'Home & living',
  fitness: 'Fitness',
  gadgets: 'Gadgets',
  fashion: 'Fashion',
  kitchen: 'Kitchen',
  baby: 'Baby',
  wellness: 'Wellness',
};

/** One raster file of a drawing: its format and the small change that makes it a near-duplicate. */
export interface DemoMediaVariant {
  /** The file name's last part: `<drawing>-<suffix>.<format>`. */
  suffix: string;
  format: 'jpg' | 'png' | 'webp' | 'gif';
  /** JPEG/WebP quality. */
  quality?: number;
  /** Multiplies the brightness (1.06 is 6% brighter). */
  brightness?: number;
  /** Cut this share of the side from each edge, then scale back to 600×600. */
  crop?: number;
}

/** A product's files; the first is the one its video's frames come from. */
export const PRODUCT_VARIANTS: readonly DemoMediaVariant[] = [
  { suffix: 'a', format: 'jpg', quality: 85 },
  { suffix: 'b', format: 'jpg', quality: 70, brightness: 1.06 },
  { suffix: 'c', format: 'jpg', quality: 92, brightness: 0.94 },
  { suffix: 'd', format: 'webp', quality: 80, crop: 0.02 },
];

/** A niche's files (the invented products' image): a palette PNG and a brighter JPEG. */
export const NICHE_VARIANTS: readonly DemoMediaVariant[] = [
  { suffix: 'a', format: 'png' },
  { suffix: 'b', format: 'jpg', quality: 85, brightness: 1.05 },
];

/** One product also has a GIF, the animated-image format Facebook serves besides video. */
const GIF_DRAWING = 'interactive-laser-cat-toy';
const GIF_VARIANT: DemoMediaVariant = { suffix: 'e', format: 'gif', crop: 0.01 };

/** The variants of a drawing ('portable-blender', 'niche-pet'). */
function variantsOf(drawing: string): readonly DemoMediaVariant[] {
  if (drawing === GIF_DRAWING) return [...PRODUCT_VARIANTS, GIF_VARIANT];
  return drawing.startsWith('niche-') ? NICHE_VARIANTS : PRODUCT_VARIANTS;
}

/**
 * The products with a short video (`<slug>.mp4` in public/demo-media/, ~3 s, 320×320, made by
 * scripts/make-demo-videos.mjs from the product's first variant). A video ad of one of them
 * carries the video and, as its preview image, the store's variant of the product image.
 */
export const DEMO_VIDEO_PRODUCTS = [
  'Portable Blender',
  'Mini Massage Gun',
  'No-Pull Dog Harness',
  'LED Light Therapy Mask',
  'Sunset Projection Lamp',
] as const;

function isCatalogueProduct(product: DemoProduct, niche: DemoNiche): boolean {
  return niche.products.includes(product);
}

/**
 * The file of a product's image in a store: its own drawing for catalogue products, its niche's
 * for invented ones, in the variant the store picks (the same store always picks the same one).
 */
export function demoMediaFile(product: DemoProduct, niche: DemoNiche, storeKey: string): string {
  const drawing = isCatalogueProduct(product, niche) ? slug(product.name) : `niche-${niche.key}`;
  const variants = variantsOf(drawing);
  const variant = variants[Number(numericId(`${storeKey}|${drawing}`, 6)) % variants.length]!;
  return `${drawing}-${variant.suffix}.${variant.format}`;
}

/** The root-relative path an ad carries for a product's image in a store. */
export function demoMediaPath(product: DemoProduct, niche: DemoNiche, storeKey: string): string {
  return `${DEMO_MEDIA_PREFIX}${demoMediaFile(product, niche, storeKey)}`;
}

/** The root-relative path of a product's video, or null when it has none. */
export function demoVideoPath(product: DemoProduct, niche: DemoNiche): string | null {
  if (!isCatalogueProduct(product, niche)) return null;
  return (DEMO_VIDEO_PRODUCTS as readonly string[]).includes(product.name)
    ? `${DEMO_MEDIA_PREFIX}${demoVideoFile(product.name)}`
    : null;
}

/** A video product's file name, and the raster its frames are made from. */
export function demoVideoFile(productName: string): string {
  return `${slug(productName)}.mp4`;
}
export function demoVideoSource(productName: string): string {
  const first = PRODUCT_VARIANTS[0]!;
  return `${slug(productName)}-${first.suffix}.${first.format}`;
}

// ---- drawing ----------------------------------------------------------------------------------

/** The glyph of each niche, centred on (0, 0) within ±120, in the `ink` colour on a `paper` disc. */
const GLYPHS: Record<string, (ink: string, paper: string) => string> = {
  pet: (ink) =>
    `<g fill="${ink}"><ellipse cx="0" cy="45" rx="72" ry="58"/><ellipse cx="-82" cy="-28" rx="27" ry="36" transform="rotate(-25 -82 -28)"/><ellipse cx="-30" cy="-80" rx="27" ry="38"/><ellipse cx="30" cy="-80" rx="27" ry="38"/><ellipse cx="82" cy="-28" rx="27" ry="36" transform="rotate(25 82 -28)"/></g>`,
  beauty: (ink, paper) =>
    `<path fill="${ink}" d="M-10-118C45-45 80-5 80 40a90 90 0 0 1-180 0c0-45 35-85 90-158z"/><path fill="${paper}" d="M-50 30a40 40 0 0 0 30 48" stroke="${paper}" stroke-width="12" stroke-linecap="round"/><path fill="${ink}" d="M82-108l9 25 25 9-25 9-9 25-9-25-25-9 25-9z"/>`,
  home: (ink) =>
    `<g fill="${ink}"><path d="M-70-105h140l38 112h-216z"/><rect x="-9" y="7" width="18" height="82"/><rect x="-62" y="88" width="124" height="24" rx="12"/></g>`,
  fitness: (ink) =>
    `<g fill="${ink}"><rect x="-92" y="-11" width="184" height="22" rx="6"/><rect x="-122" y="-62" width="32" height="124" rx="9"/><rect x="-88" y="-46" width="20" height="92" rx="6"/><rect x="90" y="-62" width="32" height="124" rx="9"/><rect x="68" y="-46" width="20" height="92" rx="6"/></g>`,
  gadgets: (ink, paper) =>
    `<rect x="-66" y="-116" width="132" height="232" rx="24" fill="${ink}"/><rect x="-52" y="-96" width="104" height="182" rx="10" fill="${paper}"/><path fill="${ink}" d="M12-62l-42 70h30l-10 54 42-72h-30z"/>`,
  fashion: (ink) =>
    `<g fill="none" stroke="${ink}" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"><path d="M0-60v-16a24 24 0 1 1 24-24"/><path d="M0-60L-118 38h236z"/></g>`,
  kitchen: (ink, paper) =>
    `<circle cx="-28" cy="0" r="86" fill="${ink}"/><circle cx="-28" cy="0" r="64" fill="${paper}" fill-opacity=".35"/><rect x="52" y="-13" width="92" height="26" rx="13" fill="${ink}"/>`,
  baby: (ink, paper) =>
    `<g fill="${ink}"><path d="M-20-112q20-26 40 0l6 28h-52z"/><rect x="-46" y="-86" width="92" height="30" rx="8"/><rect x="-56" y="-58" width="112" height="172" rx="32"/></g><g stroke="${paper}" stroke-width="8" stroke-linecap="round"><path d="M-30-20h26M-30 15h26M-30 50h26"/></g>`,
  wellness: (ink, paper) =>
    `<path fill="${ink}" d="M0 112C-112 42-92-92 62-116c50 96 10 206-62 228z"/><path fill="none" stroke="${paper}" stroke-width="9" stroke-linecap="round" d="M2 104Q10 0 52-98"/>`,
};

/** HSL (degrees, 0–1, 0–1) as #rrggbb: hex colours read the same in every SVG viewer. */
function hex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The name in at most two lines of about 20 characters, broken between words. */
function nameLines(name: string): string[] {
  if (name.length <= 20) return [name];
  const words = name.split(' ');
  let best = [name];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const width = Math.max(...lines.map((line) => line.length));
    if (width < bestWidth) {
      best = lines;
      bestWidth = width;
    }
  }
  return best;
}

/** One product image: 600×600, the niche's glyph on colours drawn from the name, the name below. */
export function drawDemoMedia(title: string, nicheKey: string): string {
  const glyph = GLYPHS[nicheKey];
  if (!glyph) throw new Error(`no glyph for the niche '${nicheKey}'`);
  const seed = Number(numericId(`${nicheKey}|${title}`, 6));
  const hue = seed % 360;
  const light = hex(hue, 0.7, 0.93);
  const deep = hex((hue + 35) % 360, 0.55, 0.8);
  const ink = hex(hue, 0.55, 0.36);
  const band = hex(hue, 0.45, 0.2);
  const lines = nameLines(title);
  const size = lines.length === 1 ? 38 : 33;
  const text = lines
    .map(
      (line, i) =>
        `<text x="300" y="${lines.length === 1 ? 548 : 527 + i * 42}" font-size="${size}">${escapeXml(line)}</text>`,
    )
    .join('');
  // a backdrop of tiles shaded by the name's bits: two products of a niche (the same glyph) then
  // differ in their coarse shapes, as a perceptual hash sees them, not only in colour and text
  const bits = Number(numericId(`layout|${nicheKey}|${title}`, 8));
  const tiles = Array.from({ length: 16 }, (_, i) =>
    (bits >> i) & 1
      ? `<rect x="${(i % 4) * 150}" y="${Math.floor(i / 4) * 120}" width="150" height="120" fill="${band}" fill-opacity=".85"/>`
      : '',
  ).join('');
  // and the disc with its glyph sits left, centre or right
  const cx = [190, 300, 410][(bits >> 16) % 3]!;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">` +
    `<defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>` +
    `<rect width="600" height="600" fill="url(#g)"/>${tiles}` +
    `<circle cx="${cx}" cy="250" r="168" fill="#fff" fill-opacity=".6"/>` +
    `<g transform="translate(${cx} 250)">${glyph(ink, '#ffffff')}</g>` +
    `<rect y="478" width="600" height="122" fill="${band}"/>` +
    `<g font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${text}</g>` +
    `<rect x="24" y="24" width="92" height="34" rx="17" fill="#fff" fill-opacity=".85"/>` +
    `<text x="70" y="47" font-family="system-ui,Arial,sans-serif" font-size="16" font-weight="700" letter-spacing="2" fill="${band}" text-anchor="middle">DEMO</text>` +
    `</svg>\n`
  );
}

/** A raster file the demo catalogue points at: its drawing and how it is rendered. */
export interface DemoMediaSource {
  svg: string;
  variant: DemoMediaVariant;
}

/** Every raster file the demo catalogue points at, by file name (each drawing in each variant). */
export function demoMediaSources(): Map<string, DemoMediaSource> {
  const files = new Map<string, DemoMediaSource>();
  const add = (drawing: string, svg: string) => {
    for (const variant of variantsOf(drawing))
      files.set(`${drawing}-${variant.suffix}.${variant.format}`, { svg, variant });
  };
  for (const niche of NICHES) {
    for (const product of niche.products) add(slug(product.name), drawDemoMedia(product.name, niche.key));
    add(`niche-${niche.key}`, drawDemoMedia(NICHE_LABELS[niche.key] ?? niche.key, niche.key));
  }
  return files;
}

/** How long a signed demo link is valid, like Facebook's CDN links (a few days). */
export const DEMO_MEDIA_LINK_TTL_S = 3 * 86_400;

/**
 * A root-relative demo path as an absolute link on `base` (DEMO_MEDIA_BASE), shaped like a
 * Facebook CDN link: the ad it belongs to and its expiry (`oe`, unix seconds in 8 hex digits).
 * tests/fixtures/fake-cdn.ts answers these links.
 */
export function demoMediaLink(path: string, base: string, adId: string, expiresAtS: number): string {
  const oe = Math.floor(expiresAtS).toString(16).toUpperCase().padStart(8, '0');
  return `${base.replace(/\/+$/, '')}${path}?ad=${encodeURIComponent(adId)}&oe=${oe}`;
}
