/**
 * Writing and showing briefs (docs/ai.md#briefs), for an ad (the detail view's section) or a
 * product (Insights' dialog): the briefs stored here, newest first, as plain text (the model's
 * words are third-party text: React text nodes, never markup); "Write a brief" only while briefs
 * are on, with how many are left; the server's refusal in its plain words. Offline, the stored
 * briefs show and the button says it needs the server.
 */
import { useId, useState } from 'react';
import {
  BRIEF_MESSAGES,
  BRIEF_PRODUCT_ADS_MAX,
  briefsLeftText,
  type BriefRequest,
} from '../../../domain/briefs/brief-contract.ts';
import { formatDateTime, parsePbDate } from '../../../domain/index.ts';
import { LANGUAGE_LABELS, isTagLanguage } from '../../../domain/tags/vocabulary.ts';
import type { BriefRecord } from '../../../domain/records/entities.ts';
import { useConnectivity } from '../../data/browser/connectivity.ts';
import { useBriefsStatus, useStoredBriefs, writeNewBrief } from '../../data/local/briefs.ts';
import { errorMessage } from '../../data/server/client.ts';
import './briefs.css';

export type BriefTarget = { adId: string } | { productKey: string; rowIds: readonly string[] };

function requestOf(target: BriefTarget): BriefRequest {
  return 'adId' in target
    ? { ad_id: target.adId }
    : { product_key: target.productKey, row_ids: target.rowIds.slice(0, BRIEF_PRODUCT_ADS_MAX) };
}

/** "Written 28 Nov 2026, 18:40 · English · gpt-4o-mini" */
function briefMeta(brief: BriefRecord): string {
  const at = parsePbDate(brief.created);
  const parts = [at ? `Written ${formatDateTime(at)}` : 'Written'];
  if (isTagLanguage(brief.language)) parts.push(LANGUAGE_LABELS[brief.language]);
  if (brief.model) parts.push(brief.model);
  return parts.join(' · ');
}

export function BriefList({ briefs }: { briefs: BriefRecord[] }) {
  return (
    <ol className="brief-list" data-testid="brief-list">
      {briefs.map((brief) => (
        <li key={brief.id} className="brief">
          <p className="brief-meta muted">{briefMeta(brief)}</p>
          {/* the model's text as text: line breaks kept by CSS, nothing parsed */}
          <div className="brief-text" data-testid="brief-text">
            {brief.text}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The briefs of a target and, while briefs are on, "Write a brief" with how many are left. */
export function BriefWriter({ target, label }: { target: BriefTarget; label: string }) {
  const state = useBriefsStatus();
  const stored = useStoredBriefs(
    'adId' in target ? { adId: target.adId } : { productKey: target.productKey },
  );
  const offline = useConnectivity() !== 'online';
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState('');
  const leftId = useId();
  const status = state.status === 'ready' ? state.briefs : null;
  const on = status?.enabled === true;

  async function write() {
    setWriting(true);
    setError('');
    try {
      await writeNewBrief(requestOf(target));
    } catch (failure) {
      console.error('[briefs] writing failed', failure);
      setError(errorMessage(failure, offline ? BRIEF_MESSAGES.offline : BRIEF_MESSAGES.modelFailed));
    } finally {
      setWriting(false);
    }
  }

  return (
    <div className="brief-writer" data-testid="brief-writer">
      {on && status && (
        <div className="brief-actions">
          <button
            type="button"
            className="button"
            disabled={writing || offline || status.left <= 0}
            aria-describedby={leftId}
            aria-label={writing ? undefined : `Write a brief for ${label}`}
            onClick={() => void write()}
          >
            {writing ? 'Writing the brief…' : 'Write a brief'}
          </button>
          <span id={leftId} className="muted" data-testid="briefs-left">
            {briefsLeftText(status)}
          </span>
        </div>
      )}
      {on && writing && (
        <p className="muted" role="status">
          The AI model is writing the brief. This can take up to a minute.
        </p>
      )}
      {on && offline && <p className="muted">{BRIEF_MESSAGES.offline}</p>}
      {on && status && status.left <= 0 && !offline && (
        <p className="muted">{BRIEF_MESSAGES.allowanceFull}</p>
      )}
      {error && (
        <p className="brief-error" role="alert">
          {error}
        </p>
      )}
      {stored && stored.length > 0 && <BriefList briefs={stored} />}
    </div>
  );
}

/** Whether a target has anything to show: briefs on, or briefs stored (offline, or turned off since). */
export function useHasBriefs(target: { adId: string } | { productKey: string }): boolean {
  const state = useBriefsStatus();
  const stored = useStoredBriefs(target);
  return (state.status === 'ready' && state.briefs.enabled) || (stored?.length ?? 0) > 0;
}
