// The wallet list, our own dialog on the wallet adapter's state (useWallet's wallets and select; the adapter's
// WalletModalContext, so its WalletMultiButton opens and closes it). The adapter's own modal had no name on its
// dialog or close button, a collapsible part inside its list, and left focus on <body>; this one follows the WAI-ARIA
// modal dialog pattern through useModalDialog (focus in on open, kept inside, back to the opener on close).
import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { useWallet, type Wallet } from '@solana/wallet-adapter-react';
import { WalletModalContext } from '@solana/wallet-adapter-react-ui';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { DEFAULT_TOKEN_ICON } from '../../../common/constants';
import { ASSETS_SCREEN } from '../../../common/texts';
import { AssetImage } from '../../../ui/AssetImage';
import { useModalDialog } from '../../../ui/useModalDialog';

/**
 * Where focus goes when the button that opened the list has left the page: the landing's stand-in gives way to the
 * adapter's wallet button once its code is here, and the whole screen changes once a wallet connects.
 */
const afterCloseFocus = () =>
  document.querySelector<HTMLElement>('.wallet-adapter-button-trigger') ?? document.querySelector<HTMLElement>('h2');

function WalletItem({ wallet, onPick }: { wallet: Wallet; onPick: (name: WalletName) => void }) {
  const detected = wallet.readyState === WalletReadyState.Installed;
  return (
    <li>
      <button type="button" className="wallet-adapter-button" onClick={() => onPick(wallet.adapter.name)}>
        <i className="wallet-adapter-button-start-icon">
          <AssetImage src={wallet.adapter.icon} fallback={DEFAULT_TOKEN_ICON} alt="" />
        </i>
        {wallet.adapter.name}
        {detected && <span>{ASSETS_SCREEN.connectDialogDetected}</span>}
      </button>
    </li>
  );
}

function WalletListDialog({ onClose }: { onClose: () => void }) {
  const { wallets, select } = useWallet();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const moreId = useId();
  const [expanded, setExpanded] = useState(false);
  // As the adapter lists them: wallets found in this browser first, the others behind "More options".
  const [listed, more] = useMemo(() => {
    const installed = wallets.filter((w) => w.readyState === WalletReadyState.Installed);
    const others = wallets.filter((w) => w.readyState !== WalletReadyState.Installed);
    return installed.length ? [installed, others] : [others, []];
  }, [wallets]);
  useModalDialog(ref, { onEscape: onClose, fallbackFocus: afterCloseFocus });
  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden'; // the page behind does not scroll under the dialog
    return () => void (document.body.style.overflow = overflow);
  }, []);
  const pick = (name: WalletName) => {
    select(name);
    onClose();
  };
  const list = (items: Wallet[], id?: string) => (
    <ul className="wallet-adapter-modal-list" id={id}>
      {items.map((w) => (
        <WalletItem key={w.adapter.name} wallet={w} onPick={pick} />
      ))}
    </ul>
  );
  return (
    <div className="wallet-adapter-modal wallet-adapter-modal-fade-in connect-dialog">
      <div className="wallet-adapter-modal-container">
        <div
          className="wallet-adapter-modal-wrapper"
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          data-testid="connect-dialog"
          ref={ref}
          tabIndex={-1}
        >
          <button
            type="button"
            className="wallet-adapter-modal-button-close"
            aria-label={ASSETS_SCREEN.connectDialogClose}
            data-initial-focus
            onClick={onClose}
          >
            <svg width="14" height="14" aria-hidden="true">
              <path d="M14 12.461 8.3 6.772l5.234-5.233L12.006 0 6.772 5.234 1.54 0 0 1.539l5.234 5.233L0 12.006l1.539 1.528L6.772 8.3l5.69 5.7L14 12.461z" />
            </svg>
          </button>
          <h2 className="wallet-adapter-modal-title" id={titleId}>
            {listed.length ? ASSETS_SCREEN.connectDialogTitle : ASSETS_SCREEN.connectDialogNoWallet}
          </h2>
          {list(listed)}
          {more.length > 0 && (
            <>
              <button
                type="button"
                className="wallet-adapter-modal-list-more"
                aria-expanded={expanded}
                aria-controls={moreId}
                onClick={() => setExpanded(!expanded)}
              >
                {expanded ? ASSETS_SCREEN.connectDialogLess : ASSETS_SCREEN.connectDialogMore}
              </button>
              {expanded ? list(more, moreId) : <div id={moreId} hidden />}
            </>
          )}
        </div>
      </div>
      <div className="wallet-adapter-modal-overlay" onMouseDown={onClose} />
    </div>
  );
}

/** In place of the adapter's WalletModalProvider: the same context, our dialog. */
export function WalletDialogProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const value = useMemo(() => ({ visible, setVisible }), [visible]);
  return (
    <WalletModalContext.Provider value={value}>
      {children}
      {visible && <WalletListDialog onClose={() => setVisible(false)} />}
    </WalletModalContext.Provider>
  );
}
