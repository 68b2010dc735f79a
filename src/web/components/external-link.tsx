import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { ExternalIcon } from './icons.tsx';

const NEW_TAB_REL = 'noopener noreferrer';
const NEW_TAB_HINT = ' (opens in a new tab)';

/** A link that leaves the app: new tab, no opener, and says so to screen readers. */
export function ExternalLink({
  children,
  showIcon = true,
  ...anchor
}: AnchorHTMLAttributes<HTMLAnchorElement> & { children: ReactNode; showIcon?: boolean }) {
  return (
    <a target="_blank" rel={NEW_TAB_REL} {...anchor}>
      {children}
      {showIcon && <ExternalIcon />}
      <span className="visually-hidden">{NEW_TAB_HINT}</span>
    </a>
  );
}

/**
 * The same link as `<ExternalLink showIcon={false}>`, built as DOM for cells that a grid renders
 * outside React. `text` is set as text, never parsed.
 */
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
