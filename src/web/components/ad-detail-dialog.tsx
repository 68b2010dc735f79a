/**
 * The ad detail view (docs/ad-detail.md), opened from a Database row or a row of the History
 * results dialog: the creative (creative.ts chooses image, video or a carousel's first card), the
 * copy, the facts, the winning signals and the links out (ad-detail.ts). A modal <dialog>
 * labelled with the store name. The up and down arrows ask the opener for the previous and next
 * result of its list; Escape, the close button and a tap on the backdrop close it, and the opener
 * puts focus back on the row.
 *
 * Ad text is third-party data (docs/invariants.md#invariant-8-ad-text-is-data): it only ever becomes React
 * text nodes. The archived creative comes first (docs/creatives.md), with when it was archived and a "Download
 * creative" link; the source link is the fallback. Media load without a referrer, and a creative that fails
 * (an expired CDN link, a file not cached offline) becomes a tile that says so and links to the Ad Library:
 * never a broken-image icon.
 */
import {
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import {
  formatCount,
  formatLongDate,
  linkHref,
  parsePbDate,
  type ArchivedCreative,
  type SearchResult,
} from '../../domain/index.ts';
import { creativeDownloadName, creativeFileUrl } from '../../domain/media/creative-files.ts';
import { AdHistorySlot } from './ad-history-slot.ts';
import { adCopy, adFacts, adHeading, adLinks, adSignals, type AdFact } from './ad-detail.ts';
import { chooseCreative, detailMedia, type Creative } from './creative.ts';
import { ExternalLink } from './external-link.tsx';
import { CloseIcon, LineIcon } from './icons.tsx';
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const heading = adHeading(row);
  const renderHistory = useContext(AdHistorySlot);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // the close button, rather than the first control ('Previous ad'), holds the focus at first
    closeRef.current?.focus();
  }, []);

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

  // A click on the backdrop lands on the <dialog> itself (its content fills it): close.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  const atStart = !position || position.index <= 1;
  const atEnd = !position || position.index >= position.total;
  const copy = adCopy(row);
  const links = adLinks(row);

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog ad-detail"
      aria-labelledby={headingId}
      data-testid="ad-detail"
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onClick={onBackdropClick}
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
              ref={closeRef}
              onClick={() => dialogRef.current?.close()}
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

            <section aria-labelledby={`${headingId}-facts`}>
              <h3 id={`${headingId}-facts`}>Details</h3>
              <FactList className="ad-facts" facts={adFacts(row)} />
            </section>

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

/** What the creative is, in words: shown under it and read to screen readers. */
function creativeCaption(creative: Creative, kind: 'image' | 'video'): string {
  const what =
    kind === 'video'
      ? 'Video'
      : creative.kind === 'image' && creative.videoPreview
        ? 'Video ad: its preview image (watch the video in the Ad Library)'
        : 'Image';
  const cards = creative.kind === 'none' ? 0 : creative.cards;
  return cards > 1 ? `Carousel: card 1 of ${formatCount(cards)} (${what.toLowerCase()})` : what;
}

/** When the creative was archived, and its file to download (named after the ad). */
function ArchiveNote({ archived, adId }: { archived: ArchivedCreative; adId: string }) {
  const file = creativeFileUrl(archived);
  const at = parsePbDate(archived.created);
  return (
    <p className="ad-creative-archive muted">
      {at && <span>Archived {formatLongDate(at)}</span>}
      {file && (
        <a className="ad-creative-download" href={file} download={creativeDownloadName(archived, adId)}>
          Download creative
        </a>
      )}
    </p>
  );
}

/**
 * The creative, or the tile that replaces it: the archived file first, then the source link
 * (detailMedia); each failure moves to the next, and none left shows the tile. An image stays
 * invisible until it has loaded, so a failing one never shows the browser's broken-image icon
 * before the next one or the tile takes its place.
 */
function AdCreative({
  row,
  archived,
  heading,
  offline,
}: {
  row: SearchResult;
  archived: ArchivedCreative | undefined;
  heading: string;
  offline: boolean;
}) {
  const creative = chooseCreative(row);
  const [failures, setFailures] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const library = linkHref(row.ad_library_url);
  const media = detailMedia(row, archived, offline)[failures];
  const fail = () => {
    setLoaded(false);
    setFailures((count) => count + 1);
  };

  if (creative.kind === 'none' && !archived) {
    return (
      <MediaTile
        title="No media"
        text="The Ad Library gave no image or video for this ad."
        library={library}
      />
    );
  }
  if (!media) {
    return (
      <>
        <MediaTile
          title="Media unavailable"
          text={
            offline
              ? 'You are offline and this creative is not stored on this device. It shows again once you are back online.'
              : 'The image or video could not be loaded: Facebook’s media links expire after a while.'
          }
          library={library}
        />
        {archived && !offline && <ArchiveNote archived={archived} adId={row.ad_id} />}
      </>
    );
  }
  return (
    <figure className="ad-creative" data-testid="ad-creative">
      <div className="ad-creative-frame">
        {media.kind === 'video' ? (
          <video
            key={media.src}
            controls
            // only its metadata until the user plays it: a video can be tens of megabytes
            preload="metadata"
            src={media.src}
            poster={media.poster || undefined}
            aria-label={`Video of the ad by ${heading}`}
            onError={fail}
          />
        ) : (
          <img
            key={media.src}
            src={media.src}
            alt={`Creative of the ad by ${heading}`}
            referrerPolicy="no-referrer"
            className={loaded ? undefined : 'ad-creative-loading'}
            onLoad={() => setLoaded(true)}
            onError={fail}
          />
        )}
        {creative.kind !== 'none' && creative.cards > 1 && (
          <span className="ad-creative-count" aria-hidden="true">
            1 / {formatCount(creative.cards)}
          </span>
        )}
      </div>
      <figcaption className="muted">{creativeCaption(creative, media.kind)}</figcaption>
      {archived && <ArchiveNote archived={archived} adId={row.ad_id} />}
    </figure>
  );
}

function MediaTile({ title, text, library }: { title: string; text: string; library: string | null }) {
  return (
    <div className="ad-media-tile" role="group" aria-label={title} data-testid="ad-media-tile">
      <LineIcon width="32" height="32">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 16l5-5 4 4 3-3 6 6M4 4l16 16" />
      </LineIcon>
      <p className="ad-media-tile-title">{title}</p>
      <p className="muted">{text}</p>
      {library && (
        <ExternalLink href={library} className="button button-secondary">
          Open in Ad Library
        </ExternalLink>
      )}
    </div>
  );
}
