/**
 * What the briefs slot (src/web/components/briefs-slot.ts) renders: the detail view's "Brief"
 * section (shown while briefs are on, or when the ad has briefs stored) and a product's "Brief"
 * button in Insights, which opens the product's briefs in a dialog.
 */
import { useId, useState } from 'react';
import type { AdBriefProps, ProductBriefProps } from '../../components/briefs-slot.ts';
import { CloseIcon } from '../../components/icons.tsx';
import { useModalDialog } from '../../components/use-modal-dialog.ts';
import { BriefWriter, useHasBriefs } from './brief-writer.tsx';

export function AdBriefSection({ adId, headingId }: AdBriefProps) {
  const shown = useHasBriefs({ adId });
  if (!shown) return null;
  return (
    <section aria-labelledby={`${headingId}-brief`} data-testid="ad-brief">
      <h3 id={`${headingId}-brief`}>Brief</h3>
      <BriefWriter target={{ adId }} label="this ad" />
    </section>
  );
}

export function ProductBriefButton({ productKey, productName, rowIds }: ProductBriefProps) {
  const shown = useHasBriefs({ productKey });
  const [open, setOpen] = useState(false);
  if (!shown) return null;
  const name = productName || 'Untitled product';
  return (
    <>
      <button
        type="button"
        className="button button-ghost"
        aria-label={`Briefs for ${name}`}
        onClick={() => setOpen(true)}
      >
        Brief
      </button>
      {open && (
        <ProductBriefDialog
          productKey={productKey}
          productName={name}
          rowIds={rowIds}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function ProductBriefDialog({
  productKey,
  productName,
  rowIds,
  onClose,
}: ProductBriefProps & { onClose: () => void }) {
  const { dialogProps, close } = useModalDialog({ onClose });
  const headingId = useId();
  return (
    <dialog
      {...dialogProps}
      className="modal-dialog brief-dialog"
      aria-labelledby={headingId}
      data-testid="product-brief"
    >
      <header className="brief-dialog-head">
        <h2 id={headingId}>Brief: {productName}</h2>
        <button
          type="button"
          className="button button-ghost"
          aria-label="Close"
          data-autofocus=""
          onClick={close}
        >
          <CloseIcon />
        </button>
      </header>
      <p className="muted">A brief for a new ad, from the copy of this product’s ads.</p>
      <BriefWriter target={{ productKey, rowIds }} label={productName} />
    </dialog>
  );
}
