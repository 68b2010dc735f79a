import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { ExternalIcon } from './icons.tsx';

/** A link that leaves the app: new tab, no opener, and says so to screen readers. */
export function ExternalLink({
  children,
  showIcon = true,
  ...anchor
}: AnchorHTMLAttributes<HTMLAnchorElement> & { children: ReactNode; showIcon?: boolean }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...anchor}>
      {children}
      {showIcon && <ExternalIcon />}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
