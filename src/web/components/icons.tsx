/** Inline SVG icons (decorative: hidden from screen readers; the control carries the label). */
import type { SVGProps } from 'react';

/** A decorative 24×24 line icon; features draw their own paths inside it. */
export function LineIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <circle cx="14" cy="14" r="6.5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M19 19l6 6" stroke="#f97316" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

export function MenuIcon() {
  return (
    <LineIcon>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}

export function CloseIcon() {
  return (
    <LineIcon>
      <path d="M6 6l12 12M18 6L6 18" />
    </LineIcon>
  );
}

/** A funnel: the Filter buttons (Database, History) and the landing page's filters feature. */
export function FilterIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <LineIcon {...props}>
      <path d="M4 5h16l-6 7.5V19l-4 2v-8.5L4 5z" />
    </LineIcon>
  );
}

export function ExternalIcon() {
  return (
    <LineIcon width="14" height="14">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </LineIcon>
  );
}

export function LockIcon() {
  return (
    <LineIcon width="28" height="28">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </LineIcon>
  );
}

export function DownloadIcon() {
  return (
    <LineIcon>
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </LineIcon>
  );
}
