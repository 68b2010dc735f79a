/**
 * Where an item keeps its parts (docs/ad-sources.md#field-mapping). Apify actors nest the
 * creative under `snapshot`, and some builds flatten its fields onto the item; a carousel or a
 * catalogue ad lists `cards`. The Graph API's `ads_archive` has no snapshot at all: its creative
 * texts are arrays at the top (`ad_creative_bodies[]`), its dates `ad_delivery_*_time`.
 */
import { arrayOrEmpty, firstPresent, isJsonObject, readField, type JsonObject } from './raw-access.ts';

/** Fields only ads_archive records have; any one of them marks a Graph API item. */
const GRAPH_KEYS = [
  'ad_delivery_start_time',
  'ad_delivery_stop_time',
  'ad_snapshot_url',
  'ad_creation_time',
  'ad_creative_bodies',
  'ad_creative_link_titles',
  'ad_creative_link_captions',
  'ad_creative_link_descriptions',
];

export function isGraphItem(raw: JsonObject): boolean {
  return GRAPH_KEYS.some((key) => Object.prototype.hasOwnProperty.call(raw, key));
}

export interface ItemShape {
  /** The raw item. */
  item: JsonObject;
  /** The object that holds the creative: `snapshot`, else the item itself (flattened, Graph). */
  creative: JsonObject;
  /** The cards of a carousel or catalogue ad; [] when there are none. */
  cards: unknown[];
  /** The first card: where catalogue ads keep the real text and link. */
  firstCard: unknown;
  isGraph: boolean;
}

export function itemShapeOf(item: JsonObject): ItemShape {
  const snapshot = readField(item, 'snapshot');
  const creative = isJsonObject(snapshot) ? snapshot : item;
  const cards = arrayOrEmpty(firstPresent(readField(creative, 'cards'), readField(item, 'cards')));
  return { item, creative, cards, firstCard: cards[0], isGraph: isGraphItem(item) };
}

/** A creative field from the snapshot, else from the top of the item (flattened builds). */
export function creativeField(shape: ItemShape, name: string): unknown {
  return firstPresent(readField(shape.creative, name), readField(shape.item, name));
}
