/**
 * The briefs area (pb_hooks/briefs.pb.js; docs/ai.md#briefs): SERVER_ROUTES.briefs writes a brief
 * for one of the user's ads or one product of Insights with the operator's model, and
 * SERVER_ROUTES.briefsStatus says whether briefs are on and how many are left.
 *
 * Order of a brief: briefs on (AI_* set) → an active subscription → the request checked → the ads
 * read from the user's own rows (the browser names them, never their text) → one of the allowance
 * reserved (allowance.ts) → the model called once (model.ts) → the brief stored and the reservation
 * ended together; any failure after the reservation releases it, so a failed brief costs nothing.
 */
import { BRIEF_MESSAGES, parseBriefRequest, type BriefRequest } from '../../domain/briefs/brief-contract.ts';
import { briefMessages, quoteAds, type BriefAdText } from '../../domain/briefs/brief-prompt.ts';
import { COLLECTIONS } from '../../domain/api/collections.ts';
import { grantsAccess } from '../../domain/billing/plans.ts';
import { MESSAGES } from '../../domain/forms/messages.ts';
import { isTagLanguage, LANGUAGE_TAG_PREFIX, type TagLanguage } from '../../domain/tags/vocabulary.ts';
import { capText } from '../../domain/text/text.ts';
import { aiConfig } from '../config/index.ts';
import { subscriptionOf } from '../quota/index.ts';
import { briefsStatusOf, releaseBrief, reserveBrief, storeBrief } from './allowance.ts';
import { callModel } from './model.ts';

/** The rows a request names, the user's own only: one ad's newest row, or a product's rows. */
function rowsOf(userId: string, request: BriefRequest): core.Record[] {
  if ('ad_id' in request) {
    return $app.findRecordsByFilter(
      COLLECTIONS.searchResults,
      'user = {:user} && ad_id = {:ad}',
      '-created',
      1,
      0,
      { user: userId, ad: request.ad_id },
    ) as core.Record[];
  }
  const rows: core.Record[] = [];
  for (const id of request.row_ids) {
    const found = $app.findRecordsByFilter(
      COLLECTIONS.searchResults,
      'user = {:user} && id = {:id}',
      '',
      1,
      0,
      { user: userId, id: id },
    ) as core.Record[];
    if (found.length === 0) return [];
    rows.push(found[0]!);
  }
  return rows;
}

/** The creative a row names, when it is the user's and has text read on it. */
function creativeOf(userId: string, row: core.Record): core.Record | null {
  const id = row.getString('creative');
  if (!id) return null;
  try {
    const creative = $app.findRecordById(COLLECTIONS.creatives, id);
    return creative.getString('user') === userId ? creative : null;
  } catch (_) {
    return null;
  }
}

/** The language of the ads: the first row's `lang:` tag, else its creative's text's; null when unknown. */
function languageOf(rows: core.Record[], creatives: (core.Record | null)[]): TagLanguage | null {
  for (const row of rows) {
    // a JSON field's value in the VM is raw bytes: its text is parsed
    let list: unknown[] = [];
    try {
      const parsed: unknown = JSON.parse(row.getString('tags') || 'null');
      if (Array.isArray(parsed)) list = parsed;
    } catch (_) {
      list = [];
    }
    for (const tag of list) {
      const code = String(tag).slice(LANGUAGE_TAG_PREFIX.length);
      if (String(tag).indexOf(LANGUAGE_TAG_PREFIX) === 0 && isTagLanguage(code)) return code;
    }
  }
  for (const creative of creatives) {
    const code = creative ? creative.getString('text_language') : '';
    if (isTagLanguage(code)) return code;
  }
  return null;
}

function adText(row: core.Record, creative: core.Record | null): BriefAdText {
  return {
    title: row.getString('title'),
    body: row.getString('body'),
    caption: row.getString('caption'),
    link_description: row.getString('link_description'),
    cta_text: row.getString('cta_text'),
    text_on_creative: creative ? creative.getString('text') : '',
  };
}

/** A brief record as the app reads it (briefSchema). */
function briefJson(record: core.Record) {
  return {
    id: record.id,
    created: record.getString('created'),
    updated: record.getString('updated'),
    user: record.getString('user'),
    ad_id: record.getString('ad_id'),
    product_key: record.getString('product_key'),
    product_name: record.getString('product_name'),
    language: record.getString('language'),
    text: record.getString('text'),
    model: record.getString('model'),
  };
}

/** SERVER_ROUTES.briefs: { ad_id } or { product_key, row_ids } → { brief, status }. */
export function handleBriefCreate(e: core.RequestEvent): void {
  const ai = aiConfig().settings;
  const userId = e.auth!.id;
  if (!ai.enabled) throw new NotFoundError(BRIEF_MESSAGES.off);
  const subscription = subscriptionOf($app, userId);
  if (!subscription || !grantsAccess(subscription.getString('status')))
    throw new ForbiddenError(MESSAGES.subscriptionRequiredBody);
  const request = parseBriefRequest(e.requestInfo().body);
  if (!request) throw new BadRequestError(BRIEF_MESSAGES.badRequest);
  const rows = rowsOf(userId, request);
  if (rows.length === 0) throw new NotFoundError(BRIEF_MESSAGES.adNotFound);
  const creatives = rows.map((row) => creativeOf(userId, row));
  const ads = rows.map((row, i) => adText(row, creatives[i]!));
  if (quoteAds(ads).length === 0) throw new BadRequestError(BRIEF_MESSAGES.noText);
  const language = languageOf(rows, creatives);

  const reservation = reserveBrief(userId, ai.briefsPerMonth);
  if ('refused' in reservation) {
    if (reservation.refused === 'busy') {
      e.response.header().set('Retry-After', '60');
      throw new TooManyRequestsError(BRIEF_MESSAGES.busy);
    }
    throw new BadRequestError(BRIEF_MESSAGES.allowanceFull);
  }
  let stored: core.Record | null = null;
  try {
    const outcome = callModel(ai, briefMessages(ads, language));
    if (!outcome.ok) {
      console.log(`[adscout] brief for user ${userId} failed (${outcome.reason}): ${outcome.detail}`);
      if (outcome.reason === 'timeout') throw new ApiError(504, BRIEF_MESSAGES.timeout, {});
      throw new ApiError(
        502,
        outcome.reason === 'empty' ? BRIEF_MESSAGES.emptyAnswer : BRIEF_MESSAGES.modelFailed,
        {},
      );
    }
    const first = rows[0]!;
    stored = storeBrief(reservation.id, {
      user: userId,
      ad_id: 'ad_id' in request ? request.ad_id : '',
      product_key: 'product_key' in request ? request.product_key : '',
      product_name:
        'product_key' in request
          ? capText(first.getString('title') || first.getString('store_name'), 200)
          : '',
      language: language || '',
      text: outcome.text,
      model: capText(ai.model, 200),
    });
  } finally {
    // a failed call, or a failure storing it: the reservation goes, nothing is charged
    if (!stored) releaseBrief(reservation.id);
  }
  e.response.header().set('Cache-Control', 'no-store');
  return e.json(200, {
    brief: briefJson(stored),
    status: briefsStatusOf($app, userId, true, ai.briefsPerMonth),
  });
}

/** SERVER_ROUTES.briefsStatus: whether briefs are on, and how many the user has left. */
export function handleBriefsStatus(e: core.RequestEvent): void {
  const ai = aiConfig().settings;
  e.response.header().set('Cache-Control', 'no-store');
  if (!ai.enabled) return e.json(200, { enabled: false, allowance: 0, used: 0, left: 0 });
  return e.json(200, briefsStatusOf($app, e.auth!.id, true, ai.briefsPerMonth));
}
