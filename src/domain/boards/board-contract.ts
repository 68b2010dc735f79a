/**
 * Boards (docs/boards.md): a user's swipe file of saved ads, and the board shared by a link. The
 * limits, and the contract of the board routes of src/domain/api/routes.ts, which the hooks check
 * every request against and the web app and the share page read their answers with:
 *
 *   boardItems         POST   { adIds }            → { created, existing, items }
 *   boardShare         POST   { notes? }           → BoardShare   (on, or a new link when it is on)
 *   boardShareOptions  PATCH  { notes }            → BoardShare   (409 when sharing is off)
 *   boardShareStop     DELETE                      → 204
 *   sharedBoard        GET    ?page=               → SharedBoardPage   (public; the token is the capability)
 *   sharedBoardFile    GET    .../files/{creative}/{file}?thumb=   → the file (public; checked against the token)
 *
 * `user`, `creative`, `added` and the sharing fields are never taken from a request: the server
 * sets them (src/hooks/boards).
 */
import * as z from 'zod/mini';
import {
  BOARD_ITEMS_BATCH_MAX,
  BOARD_LABEL_MAX,
  BOARD_LABELS_MAX,
  BOARD_NOTE_MAX,
  SHARE_TOKEN_PATTERN,
} from './board-limits.ts';

export * from './board-limits.ts';

const text = (max: number) => z.string().check(z.maxLength(max));

/** One label: trimmed by the client, not empty, at most BOARD_LABEL_MAX characters. */
export const boardLabelSchema = z.string().check(z.minLength(1), z.maxLength(BOARD_LABEL_MAX));
export const boardLabelsSchema = z.array(boardLabelSchema).check(z.maxLength(BOARD_LABELS_MAX));

export const boardItemsRequestSchema = z.object({
  adIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(64)))
    .check(z.minLength(1), z.maxLength(BOARD_ITEMS_BATCH_MAX)),
});
export type BoardItemsRequest = z.infer<typeof boardItemsRequestSchema>;

/** A `board_items` record as the owner reads it (the record API, the sync route). */
export const boardItemSchema = z.object({
  id: z.string(),
  board: z.string(),
  user: z.string(),
  ad_id: z.string(),
  creative: z.string(),
  note: text(BOARD_NOTE_MAX),
  labels: z.nullable(boardLabelsSchema),
  added: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type BoardItemRecord = z.infer<typeof boardItemSchema>;

export const boardItemsAnswerSchema = z.object({
  /** Items this request added. */
  created: z.int().check(z.gte(0)),
  /** Ads already on the board: nothing changed for them. */
  existing: z.int().check(z.gte(0)),
  /** Every item of the request's ads, new and existing, as stored. */
  items: z.array(boardItemSchema),
});
export type BoardItemsAnswer = z.infer<typeof boardItemsAnswerSchema>;

export const boardShareRequestSchema = z.object({ notes: z.optional(z.boolean()) });
export const boardShareOptionsRequestSchema = z.object({ notes: z.boolean() });

export const boardShareSchema = z.object({
  /** `<APP_URL or the request's origin>/s/<token>` */
  url: z.string(),
  token: z.string().check(z.regex(SHARE_TOKEN_PATTERN)),
  /** Whether the page shows the owner's notes. */
  notes: z.boolean(),
});
export type BoardShare = z.infer<typeof boardShareSchema>;

/** The file URLs of a shared item's creative, all under SERVER_ROUTES.sharedBoardFile. */
export const sharedMediaSchema = z.object({
  type: z.enum(['image', 'video']),
  /** The original (the image, or the video). */
  file: z.string(),
  /** A video's poster image; '' for an image. */
  poster: z.string(),
  /** The 100x100 and 400x0 thumbnails of the image, or of a video's poster. */
  thumb: z.string(),
  image: z.string(),
});
export type SharedMedia = z.infer<typeof sharedMediaSchema>;

/** One item of a shared board: the ad as the owner's rows have it, and nothing of the owner. */
export const sharedItemSchema = z.object({
  adId: z.string(),
  store: z.string(),
  title: z.string(),
  copy: z.string(),
  daysRunning: z.nullable(z.int()),
  libraryUrl: z.string(),
  /** The owner's note when they chose to share notes; absent otherwise. */
  note: z.optional(z.string()),
  /** null when the creative is not archived (yet). */
  media: z.nullable(sharedMediaSchema),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const sharedBoardPageSchema = z.object({
  board: z.object({ name: z.string(), description: z.string() }),
  items: z.array(sharedItemSchema),
  page: z.int().check(z.gte(1)),
  perPage: z.int(),
  totalItems: z.int().check(z.gte(0)),
  totalPages: z.int().check(z.gte(0)),
});
export type SharedBoardPage = z.infer<typeof sharedBoardPageSchema>;
