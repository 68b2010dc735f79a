/** Icons of the History page (decorative: each control carries its own label). */
import { LineIcon } from '../../components/icons.tsx';

export function EyeIcon() {
  return (
    <LineIcon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

export function RepeatIcon() {
  return (
    <LineIcon width="18" height="18">
      <path d="M17 2l4 4-4 4" />
      <path d="M3 11V9a3 3 0 0 1 3-3h15M7 22l-4-4 4-4" />
      <path d="M21 13v2a3 3 0 0 1-3 3H3" />
    </LineIcon>
  );
}
