/** Decorative icons of the contact and support pages (hidden from screen readers). */
import type { ReactNode } from 'react';
import { LineIcon } from '../../components/icons.tsx';

function Icon({ children }: { children: ReactNode }) {
  return (
    <LineIcon width="22" height="22">
      {children}
    </LineIcon>
  );
}

export function ChatIcon() {
  return (
    <Icon>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </Icon>
  );
}

export function TicketIcon() {
  return (
    <Icon>
      <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
      <path d="M13 6v12" strokeDasharray="2 2" />
    </Icon>
  );
}

export function CardIcon() {
  return (
    <Icon>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h3" />
    </Icon>
  );
}
