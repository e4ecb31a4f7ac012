// The frame every cNFT modal uses: overlay, dialog semantics, title, Escape closes (unless busy).
import { useEffect, type ReactNode } from 'react';
import { DEFAULT_NFT_IMAGE } from '../../common/constants';
import { AssetImage } from '../selection/AssetImage';
import './trash.css';

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
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, onClose]);
  return (
    <div className="trash-overlay" onClick={(e) => e.stopPropagation()}>
      <div className="trash-modal" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <h3 className="trash-modal-title">{title}</h3>
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
