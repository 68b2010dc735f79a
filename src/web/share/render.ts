/**
 * The shared page's DOM (docs/boards.md#the-shared-page), built with createElement and textContent
 * only: the board's name and description, the ads' store, title and copy and the owner's note are
 * other people's text, and none of it is ever parsed as markup.
 */
import type { SharedItem, SharedMedia } from '../../domain/boards/board-contract.ts';
import { SHARED_PAGE_MESSAGES } from '../../domain/boards/board-messages.ts';
import { formatDays } from '../../domain/text/format.ts';
import { isHttpUrl } from '../../domain/text/url.ts';
import { externalLinkElement } from '../components/external-link-element.ts';

/** The box every creative is drawn in (CSS keeps it square), so nothing moves as images arrive. */
export const CREATIVE_BOX_PX = 400;

/** createElement with a class and, optionally, text. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A link that leaves the page in a new tab: no opener, no referrer (the page's URL is the board's
 * capability), and `nofollow` (the links are the ads' owners', not ours to vouch for).
 */
export function outboundLink(href: string, text: string, className?: string): HTMLAnchorElement {
  const anchor = externalLinkElement(href, text);
  anchor.relList.add('nofollow');
  if (className) anchor.className = className;
  return anchor;
}

function creativeImage(src: string, alt: string, eager: boolean): HTMLImageElement {
  const image = element('img', 'share-creative');
  image.src = src;
  image.alt = alt;
  image.width = CREATIVE_BOX_PX;
  image.height = CREATIVE_BOX_PX;
  image.decoding = 'async';
  // the first cards are on screen when the page opens (its largest paint); the rest wait for the scroll
  image.loading = eager ? 'eager' : 'lazy';
  if (eager) image.fetchPriority = 'high';
  return image;
}

/**
 * A video until it is played: its poster as an image in a button. Only the click makes the
 * <video> (preload="none", so nothing of the file is fetched before play() asks for it).
 */
function videoCreative(media: SharedMedia, alt: string, eager: boolean): HTMLElement {
  const poster = media.image || media.poster || media.thumb;
  const button = element('button', 'share-play');
  button.type = 'button';
  button.setAttribute('aria-label', `Play the video: ${alt}`);
  // a video archived without a poster (none could be made) shows the play button alone
  if (poster) button.append(creativeImage(poster, '', eager));
  button.append(element('span', 'share-play-icon'));
  button.addEventListener('click', () => {
    const video = element('video', 'share-creative');
    video.preload = 'none';
    if (poster) video.poster = poster;
    video.controls = true;
    video.playsInline = true;
    video.width = CREATIVE_BOX_PX;
    video.height = CREATIVE_BOX_PX;
    video.src = media.file;
    button.replaceWith(video);
    video.focus();
    // a browser that refuses to start it leaves the controls to the reader
    video.play().catch(() => undefined);
  });
  return button;
}

function creative(item: SharedItem, eager: boolean): HTMLElement {
  const box = element('div', 'share-media');
  const alt = item.title ? `Ad creative: ${item.title}` : 'Ad creative';
  const media = item.media;
  if (!media) box.append(element('p', 'share-no-media', SHARED_PAGE_MESSAGES.notArchived));
  else if (media.type === 'video') box.append(videoCreative(media, alt, eager));
  else box.append(creativeImage(media.image || media.thumb || media.file, alt, eager));
  return box;
}

/** One ad of the board as a list item. `eager`: its image loads at once (the first screen). */
export function itemElement(item: SharedItem, eager = false): HTMLLIElement {
  const card = element('li', 'share-item');
  card.dataset.adId = item.adId;
  const body = element('div', 'share-body');
  if (item.store) body.append(element('p', 'share-store', item.store));
  if (item.title) body.append(element('h2', 'share-title', item.title));
  if (item.copy) body.append(element('p', 'share-copy', item.copy));
  if (item.daysRunning !== null) {
    const facts = element('dl', 'share-facts');
    const fact = element('div');
    fact.append(
      element('dt', undefined, 'Days running'),
      element('dd', undefined, formatDays(item.daysRunning)),
    );
    facts.append(fact);
    body.append(facts);
  }
  if (item.note) {
    const note = element('div', 'share-note');
    note.append(element('p', 'share-note-label', 'Note'), element('p', 'share-note-text', item.note));
    body.append(note);
  }
  if (isHttpUrl(item.libraryUrl))
    body.append(outboundLink(item.libraryUrl, 'View in the Ad Library', 'share-library'));
  card.append(creative(item, eager), body);
  return card;
}
