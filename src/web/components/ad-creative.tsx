/**
 * The ad detail view's creative (docs/ad-detail.md, docs/creatives.md): the archived file first,
 * with when it was archived and a "Download creative" link, then the source link (detailMedia);
 * a creative that fails (an expired CDN link, a file not cached offline) becomes a tile that says
 * so and links to the Ad Library: never a broken-image icon.
 */
import { useState } from 'react';
import {
  formatCount,
  formatLongDate,
  linkHref,
  parsePbDate,
  type ArchivedCreative,
  type SearchResult,
} from '../../domain/index.ts';
import { creativeDownloadName, creativeFileUrl } from '../../domain/media/creative-files.ts';
import { chooseCreative, detailMedia, type Creative } from './creative.ts';
import { ExternalLink } from './external-link.tsx';
import { LineIcon } from './icons.tsx';

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
export function AdCreative({
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
