/**
 * The ad detail view (docs/ad-detail.md), opened from a Database row or a row of the History
 * results dialog: the creative (ad-creative.tsx; creative.ts chooses image, video or a carousel’s first card), the
 * copy, the facts, the winning signals and the links out (ad-detail.ts). A modal <dialog>
 * labelled with the store name (use-modal-dialog.ts). The up and down arrows ask the opener for the
 * previous and next result of its list; Escape, the close button and a tap on the backdrop close it,
 * and the opener puts focus back on the row of the ad shown last.
 *
 * Ad text is third-party data (docs/invariants.md#invariant-8-ad-text-is-data): it only ever becomes React
 * text nodes. The archived creative comes first (docs/creatives.md), with when it was archived and a "Download
 * creative" link; the source link is the fallback. Media load without a referrer, and a creative that fails
 * (an expired CDN link, a file not cached offline) becomes a tile that says so and links to the Ad Library:
 * never a broken-image icon. The boards that hold the ad, and "Save to board", come from the boards
 * feature through BoardsSlot (boards-slot.ts); its briefs and "Write a brief" from the AI feature
 * through BriefsSlot (briefs-slot.ts).
 */
import { Suspense, useContext, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatCount, type ArchivedCreative, type SearchResult } from '../../domain/index.ts';
import { AdHistorySlot } from './ad-history-slot.ts';
import { BoardsSlot } from './boards-slot.ts';
import { BriefsSlot } from './briefs-slot.ts';
import {
  adCopy,
  adFacts,
  adHeading,
  adLinks,
  adSignals,
  adTagLabels,
  creativeTextView,
  transcriptView,
  type AdFact,
} from './ad-detail.ts';
import { AdCreative } from './ad-creative.tsx';
import { ExternalLink } from './external-link.tsx';
import { CloseIcon, LineIcon } from './icons.tsx';
import { useModalDialog } from './use-modal-dialog.ts';
import './ad-detail.css';

export interface AdDetailPosition {
  /** 1-based place of the ad in the opener's list. */
  index: number;
  total: number;
}

export interface AdDetailDialogProps {
  row: SearchResult;
  /** The row's archived creative, when stored here (creative-index.ts). */
  archived: ArchivedCreative | undefined;
  /** Where the ad sits in the opener's list (the grid's filter and sort, the dialog's rows). */
  position: AdDetailPosition | null;
  /** The browser has no network: media cannot load, so the tile shows at once. */
  offline: boolean;
  /** Show the previous (-1) or next (+1) result of the opener's list, if there is one. */
  onMove: (delta: -1 | 1) => void;
  onClose: () => void;
}

/** Keys a focused control uses itself: arrows there are not the dialog's. */
function ownsArrows(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target instanceof HTMLVideoElement ||
      target instanceof HTMLInputElement ||
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLSelectElement ||
      target.isContentEditable)
  );
}

export function AdDetailDialog({ row, archived, position, offline, onMove, onClose }: AdDetailDialogProps) {
  // The opener focuses the row of the ad shown last, not the one that opened the view.
  const { dialogProps, close } = useModalDialog({ onClose, returnFocus: false });
  const bodyRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const heading = adHeading(row);
  const renderHistory = useContext(AdHistorySlot);
  const boards = useContext(BoardsSlot);
  const briefs = useContext(BriefsSlot);

  // Another ad: start at its top.
  useEffect(() => {
    bodyRef.current?.scrollTo?.({ top: 0 });
  }, [row.id]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    if (event.altKey || event.ctrlKey || event.metaKey || ownsArrows(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    onMove(event.key === 'ArrowUp' ? -1 : 1);
  };

  const atStart = !position || position.index <= 1;
  const atEnd = !position || position.index >= position.total;
  const copy = adCopy(row);
  const links = adLinks(row);
  const creativeText = creativeTextView(archived);
  const transcript = transcriptView(archived);
  const tags = adTagLabels(row);

  return (
    <dialog
      {...dialogProps}
      className="modal-dialog ad-detail"
      aria-labelledby={headingId}
      data-testid="ad-detail"
      onKeyDown={onKeyDown}
    >
      <div className="ad-detail-inner">
        <header className="ad-detail-head">
          <div className="ad-detail-title">
            <p className="ad-detail-kicker">
              {position ? `Ad ${formatCount(position.index)} of ${formatCount(position.total)}` : 'Ad'}
              {row.ad_id ? ` · Library ID ${row.ad_id}` : ''}
            </p>
            <h2 id={headingId}>{heading}</h2>
          </div>
          <div className="ad-detail-actions">
            {/* aria-disabled, not disabled: a control that disables itself would drop the focus */}
            <button
              type="button"
              className="button button-ghost ad-detail-icon"
              aria-label="Previous ad"
              title="Previous ad (↑)"
              aria-disabled={atStart}
              onClick={() => !atStart && onMove(-1)}
            >
              <LineIcon>
                <path d="M6 15l6-6 6 6" />
              </LineIcon>
            </button>
            <button
              type="button"
              className="button button-ghost ad-detail-icon"
              aria-label="Next ad"
              title="Next ad (↓)"
              aria-disabled={atEnd}
              onClick={() => !atEnd && onMove(1)}
            >
              <LineIcon>
                <path d="M6 9l6 6 6-6" />
              </LineIcon>
            </button>
            <button
              type="button"
              className="button button-ghost ad-detail-icon"
              aria-label="Close"
              title="Close"
              // the close button, rather than the first control ('Previous ad'), holds the focus at first
              data-autofocus=""
              onClick={close}
            >
              <CloseIcon />
            </button>
          </div>
        </header>
        <p className="visually-hidden" aria-live="polite">
          {position ? `Ad ${position.index} of ${position.total}: ${heading}` : heading}
        </p>

        {/* it scrolls on small screens: focusable, so the keyboard can scroll it too */}
        <div className="ad-detail-body" ref={bodyRef} role="region" aria-labelledby={headingId} tabIndex={0}>
          {/* keyed by ad: a failure of one creative never carries over to the next */}
          <AdCreative
            key={`${row.id}:${archived?.id ?? ''}`}
            row={row}
            archived={archived}
            heading={heading}
            offline={offline}
          />

          <div className="ad-detail-info">
            {boards && row.ad_id && (
              <section aria-labelledby={`${headingId}-boards`}>
                <h3 id={`${headingId}-boards`}>Boards</h3>
                {boards.adBoards({ adId: row.ad_id, headingId: `${headingId}-boards` })}
              </section>
            )}

            <section aria-labelledby={`${headingId}-signals`}>
              <h3 id={`${headingId}-signals`}>Winning signals</h3>
              <FactList className="ad-signals" facts={adSignals(row)} />
            </section>

            <section aria-labelledby={`${headingId}-copy`}>
              <h3 id={`${headingId}-copy`}>Ad copy</h3>
              {copy.length === 0 ? (
                <p className="muted">The Ad Library gave no text for this ad.</p>
              ) : (
                <FactList
                  className="ad-copy"
                  testId="ad-copy"
                  facts={copy.map((part) => ({ label: part.label, value: part.text }))}
                />
              )}
            </section>

            <section aria-labelledby={`${headingId}-text`} data-testid="ad-creative-text">
              <h3 id={`${headingId}-text`}>Text on creative</h3>
              {creativeText.kind === 'read' ? (
                <>
                  {/* third-party text: a text node, line breaks kept by CSS */}
                  <p className="ad-creative-text">{creativeText.text}</p>
                  <p className="muted ad-creative-text-meta">
                    Confidence: {creativeText.confidence}
                    {creativeText.language ? ` · ${creativeText.language}` : ''}
                  </p>
                </>
              ) : (
                <p className="muted" role={creativeText.busy ? 'status' : undefined}>
                  {creativeText.statement}
                </p>
              )}
            </section>

            {transcript && (
              <section aria-labelledby={`${headingId}-transcript`} data-testid="ad-transcript">
                <h3 id={`${headingId}-transcript`}>Transcript</h3>
                {transcript.kind === 'read' ? (
                  // third-party words: a text node, line breaks kept by CSS
                  <p className="ad-creative-text">{transcript.text}</p>
                ) : (
                  <p className="muted" role={transcript.busy ? 'status' : undefined}>
                    {transcript.statement}
                  </p>
                )}
              </section>
            )}

            <section aria-labelledby={`${headingId}-tags`} data-testid="ad-tags">
              <h3 id={`${headingId}-tags`}>Tags</h3>
              {tags === null ? (
                <p className="muted">Not tagged yet.</p>
              ) : tags.length === 0 ? (
                <p className="muted">No hook, offer or language found.</p>
              ) : (
                <ul className="ad-tags">
                  {tags.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby={`${headingId}-facts`}>
              <h3 id={`${headingId}-facts`}>Details</h3>
              <FactList className="ad-facts" facts={adFacts(row)} />
            </section>

            {/* the Brief section renders itself only while briefs are on or the ad has some */}
            {briefs && row.ad_id && briefs.adBrief({ adId: row.ad_id, headingId })}

            {renderHistory && row.ad_id && (
              <section aria-labelledby={`${headingId}-history`} data-testid="ad-history">
                <h3 id={`${headingId}-history`}>Ad history</h3>
                <Suspense fallback={<p className="muted">Loading the history…</p>}>
                  {renderHistory({ adId: row.ad_id, headingId: `${headingId}-history` })}
                </Suspense>
              </section>
            )}

            {links.length > 0 && (
              <section aria-labelledby={`${headingId}-links`}>
                <h3 id={`${headingId}-links`}>Links</h3>
                <ul className="ad-links">
                  {links.map((link) => (
                    <li key={link.label}>
                      <ExternalLink href={link.href}>{link.label}</ExternalLink>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
      </div>
    </dialog>
  );
}

/** Labelled values as a description list; values are text, never markup. */
function FactList({ facts, className, testId }: { facts: AdFact[]; className: string; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
