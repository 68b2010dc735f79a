/**
 * "Save to board" for a list of ads (the Database page's rows, a product's ads in Insights): the
 * picker saves them all to the boards chosen, in batches of BOARD_ITEMS_BATCH_MAX per request.
 */
import { useState } from 'react';
import type { SaveAdsButtonProps } from '../../components/boards-slot.ts';
import { useToast } from '../../components/toast.tsx';
import { BoardPicker } from './board-picker.tsx';
import { BOARD_TEXT } from './board-text.ts';

export function SaveAdsButton({ adIds, label = 'Save to board', ariaLabel }: SaveAdsButtonProps) {
  const [chosen, setChosen] = useState<string[] | null>(null);
  const toast = useToast();
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        aria-haspopup="dialog"
        aria-label={ariaLabel}
        onClick={() =>
          void Promise.resolve(adIds()).then(
            (read) => {
              const ids = [...new Set(read.filter(Boolean))];
              if (ids.length === 0) toast.info(BOARD_TEXT.nothingToSave);
              else setChosen(ids);
            },
            (error: unknown) => {
              console.error('[boards] reading the ads to save failed', error);
              toast.error(BOARD_TEXT.saveFailed);
            },
          )
        }
      >
        {label}
      </button>
      {chosen && <BoardPicker adIds={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
