import { useState } from 'react';
import { MESSAGES } from '../../../domain/index.ts';
import { openInNewTab } from '../../components/new-tab.ts';
import { useToast } from '../../components/toast.tsx';
import { createPortalSession } from '../../data/server/billing.ts';

/** Opens the customer portal in a new tab; `opening` is true while its URL is being fetched. */
export function usePortal(): { open: () => void; opening: boolean } {
  const toast = useToast();
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    openInNewTab(() => createPortalSession(MESSAGES.portalFailed))
      .catch((error) => {
        console.error('[settings] portal failed', error);
        toast.error(MESSAGES.portalFailed);
      })
      .finally(() => setOpening(false));
  };
  return { open, opening };
}
