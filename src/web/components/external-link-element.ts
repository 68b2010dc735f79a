/**
 * A link that leaves the app, built as DOM: for cells that a grid renders outside React and for the
 * shared board's page (src/web/share), which has no React. A module of its own, without JSX, so
 * that code outside React does not carry React's runtime. `<ExternalLink>` (external-link.tsx)
 * renders the same link.
 */

/** New tab, no opener. */
export const NEW_TAB_REL = 'noopener noreferrer';
/** What screen readers are told after the link's text. */
export const NEW_TAB_HINT = ' (opens in a new tab)';

/** The same link as `<ExternalLink showIcon={false}>`. `text` is set as text, never parsed. */
export function externalLinkElement(href: string, text: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = NEW_TAB_REL;
  anchor.textContent = text;
  const hint = document.createElement('span');
  hint.className = 'visually-hidden';
  hint.textContent = NEW_TAB_HINT;
  anchor.append(hint);
  return anchor;
}
