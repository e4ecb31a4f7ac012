// The frame every cNFT modal uses: overlay, modal dialog semantics (useModalDialog: first focus on the least
// destructive control, focus kept inside, Escape closes unless busy, focus back to the opener), title.
import { type ReactNode, useId, useRef } from 'react';
import { DEFAULT_NFT_IMAGE } from '../../../common/constants';
import { AssetImage } from '../../../ui/AssetImage';
import { useModalDialog } from '../../../ui/useModalDialog';
import './trash.css';

/** Where focus goes when the control that opened a cNFT modal left the page (its card was trashed or hidden). */
const cnftSectionFocus = () =>
  document.querySelector<HTMLElement>('[data-testid="cnfts-section"] h2, [data-testid="cnfts-section"] h3');

export function TrashModalShell({
  title,
  testId,
  onClose,
  busy = false,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useModalDialog(ref, { onEscape: () => !busy && onClose(), fallbackFocus: cnftSectionFocus });
  return (
    <div className="trash-overlay" onClick={(e) => e.stopPropagation()}>
      <div
        className="trash-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        ref={ref}
        tabIndex={-1}
      >
        <h3 className="trash-modal-title" id={titleId}>
          {title}
        </h3>
        {children}
      </div>
    </div>
  );
}

export function AssetSummary({ name, image, id }: { name: string; image: string; id: string }) {
  return (
    <div className="trash-asset" data-testid="trash-asset">
      <AssetImage src={image} fallback={DEFAULT_NFT_IMAGE} alt={name} size={64} />
      <div>
        <strong>{name}</strong>
        <code className="trash-asset-id" title={id}>
          {id}
        </code>
      </div>
    </div>
  );
}
