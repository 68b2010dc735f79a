/**
 * The creative's texts: title, body, caption, link description and call to action. A text may be
 * a string, `{text}` or the legacy `{markup: {__html}}`; Graph items keep theirs in arrays
 * (`ad_creative_bodies[]`, one per creative version). Catalogue (DPA/DCO) ads carry
 * `{{product.name}}`-style placeholders at the top and the real text in their first card.
 */
import { AD_TEXT_CAPS } from '../ad-fields.ts';
import { cleanText } from '../../text/text.ts';
import { htmlToText } from './html-text.ts';
import { creativeField, type ItemShape } from './item-shapes.ts';
import { firstOrSelf, firstPresent, readField, readPath } from './raw-access.ts';

const PLACEHOLDER = /\{\{[\s\S]*?\}\}/;
const PLACEHOLDERS = /\{\{[\s\S]*?\}\}/g;

/** True when the text holds a catalogue placeholder such as `{{product.name}}`. */
export function hasPlaceholder(text: string): boolean {
  return PLACEHOLDER.test(text);
}

/** The text of a string, a number, `{text}` or `{markup: {__html}}`; undefined for anything else. */
function plainTextOf(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return value;
  const text = readField(value, 'text');
  if (typeof text === 'string' && text.trim()) return text;
  const html = readPath(value, 'markup.__html');
  return typeof html === 'string' ? htmlToText(html) : undefined;
}

/**
 * A creative text: the ad's own value, unless it is missing or a template, in which case the first
 * card's. A template with nothing better stays only if it carries words besides its placeholders.
 */
function creativeText(own: unknown, fromCard: unknown, maxLength: number, multiline = false): string {
  const ownText = cleanText(plainTextOf(own), { maxLength, multiline });
  if (ownText && !hasPlaceholder(ownText)) return ownText;
  const cardText = cleanText(plainTextOf(fromCard), { maxLength, multiline });
  if (cardText && !hasPlaceholder(cardText)) return cardText;
  const template = ownText || cardText;
  return /[A-Za-z0-9\u00C0-\uFFFF]/.test(template.replace(PLACEHOLDERS, '')) ? template : '';
}

export interface CreativeTexts {
  title: string;
  body: string;
  caption: string;
  link_description: string;
  cta_text: string;
  /** Upper-case words and underscores (SHOP_NOW); '' for anything else. */
  cta_type: string;
}

/**
 * Where ads_archive keeps each text that a snapshot names `title`, `body`…: an array, or in the
 * records of 2019 (API v3, as in tests/fixtures/ad-library/graph-ads-archive-2019.json) one string
 * under the singular name.
 */
const GRAPH_TEXT_FIELDS = {
  title: ['ad_creative_link_titles', 'ad_creative_link_title'],
  body: ['ad_creative_bodies', 'ad_creative_body'],
  caption: ['ad_creative_link_captions', 'ad_creative_link_caption'],
  link_description: ['ad_creative_link_descriptions', 'ad_creative_link_description'],
} as const;

export function creativeTextsOf(shape: ItemShape): CreativeTexts {
  const text = (name: keyof typeof GRAPH_TEXT_FIELDS, multiline = false) =>
    creativeText(
      firstPresent(
        creativeField(shape, name),
        ...GRAPH_TEXT_FIELDS[name].map((graphName) => firstOrSelf(readField(shape.item, graphName))),
      ),
      readField(shape.firstCard, name),
      AD_TEXT_CAPS[name],
      multiline,
    );
  const ctaType = cleanText(
    firstPresent(creativeField(shape, 'cta_type'), readField(shape.firstCard, 'cta_type')),
    { maxLength: AD_TEXT_CAPS.cta_type },
  ).toUpperCase();
  return {
    title: text('title'),
    body: text('body', true),
    caption: text('caption'),
    link_description: text('link_description', true),
    cta_text: creativeText(
      creativeField(shape, 'cta_text'),
      readField(shape.firstCard, 'cta_text'),
      AD_TEXT_CAPS.cta_text,
    ),
    cta_type: /^[A-Z_]{1,100}$/.test(ctaType) ? ctaType : '',
  };
}
