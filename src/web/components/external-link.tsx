import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { NEW_TAB_HINT, NEW_TAB_REL } from './external-link-element.ts';
import { ExternalIcon } from './icons.tsx';

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
