// Which request the signing path makes of the wallet, chosen per wallet and per flow (PRODUCT, "Which request your
// wallet sees"). Sign-and-send whenever nobody signs after the owner: Phantom warns on sign-only requests and
// recommends signAndSendTransaction, its embedded wallets offer no sign-only request, and Mobile Wallet Adapter 2.0
// makes signAndSendTransactions mandatory and signTransactions optional (docs.phantom.com, "Sending a transaction";
// solana-mobile.github.io mobile-wallet-adapter spec 2.0). Sign-only is left for a co-signer after the owner (the
// relayer-paid recovery: the fee payer signs last, so the wallet cannot send it) and for wallets that cannot send.
import type { WalletPort } from '../../../app/walletPort';

/** What the connected wallet can be asked (from the wallet port the bridge fills). */
export interface WalletCapabilities {
  /** `solana:signAndSendTransaction` (all of a flow's transactions as the inputs of one call). */
  signAndSend: boolean;
  /** `solana:signTransaction` with one transaction. */
  signOne: boolean;
  /** `solana:signTransaction` with several inputs (the adapter's signAllTransactions): one approval for all. */
  signAll: boolean;
}

/** What the flow needs. */
export interface FlowShape {
  /** Someone signs after the owner (the relayer pays the fee): only a sign-only answer can be completed. */
  cosigned: boolean;
  /** How many transactions the wallet is asked for in this action. */
  transactions: number;
  /** The flow can use what a wallet sent itself (it confirms by signatures, or reports them to the server). */
  acceptsSent: boolean;
}

export type UnsupportedReason = 'cosignedNeedsSignOnly' | 'cannotSign';

export type SigningMode =
  | { kind: 'signAndSend' }
  /** `all`: one approval for every transaction; else the wallet is asked once per transaction. */
  | { kind: 'signOnly'; all: boolean }
  | { kind: 'unsupported'; reason: UnsupportedReason };

export function capabilitiesOf(wallet: WalletPort): WalletCapabilities {
  const signAll = typeof wallet.signAllTransactions === 'function';
  return {
    signAndSend: typeof wallet.signAndSendAll === 'function',
    signOne: typeof wallet.signTransaction === 'function' || signAll,
    signAll,
  };
}

export function chooseSigningMode(wallet: WalletCapabilities, flow: FlowShape): SigningMode {
  const signOnly = (): SigningMode => ({ kind: 'signOnly', all: wallet.signAll || flow.transactions <= 1 });
  if (flow.cosigned) {
    if (wallet.signOne) return signOnly();
    return { kind: 'unsupported', reason: wallet.signAndSend ? 'cosignedNeedsSignOnly' : 'cannotSign' };
  }
  if (wallet.signAndSend && flow.acceptsSent) return { kind: 'signAndSend' };
  if (wallet.signOne) return signOnly();
  return { kind: 'unsupported', reason: 'cannotSign' };
}

/** Can this wallet sign (or sign and send) a transaction the owner alone signs? The flows' "wallet ready" test. */
export const canSignOrSend = (wallet: WalletPort): boolean => {
  const c = capabilitiesOf(wallet);
  return !!wallet.publicKey && (c.signAndSend || c.signOne);
};
