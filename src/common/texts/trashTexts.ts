// Ours: the cNFT trash UI where the spec shows none. Imported by path (not from index.ts): the trash modals are lazy.
import { SHARED_TEXTS } from './sharedTexts';

export const LEFT_OUT_REASON: Record<string, string> = {
  frozen: 'frozen',
  nonTransferable: 'non-transferable',
  treeTooDeep: 'in a tree too deep to move',
};

const BURN_CNFT = 'Burn cNFT'; // the button, the dialog's title and its confirm

export const TRASH_UI = {
  trash: 'Trash',
  delegated: 'Delegated transfer',
  burn: BURN_CNFT,
  trashSelected: 'Trash selected',
  trashedTitle: 'cNFT trashed', // the celebration's title
  burnTitle: BURN_CNFT,
  burnInfo:
    'Burning destroys this cNFT for good. Your wallet signs a Bubblegum burn as the leaf owner; no rent is returned.',
  burnConfirm: BURN_CNFT,
  burning: 'Burning...',
  burned: (name: string) => `Burned ${name}.`,
  sent: (name: string) => `Sent ${name} to the trash wallet.`,
  notDelegated: 'This cNFT is not delegated to the server delegate, so it cannot be moved this way.',
  robustProcessing: 'Signing in this page and sending...',
  robustSuccess: 'cNFT sent to the trash wallet.',
  keyWarning:
    'Warning: a private key is full control of its wallet. Whoever has it can take everything in that wallet, and ' +
    'no one can undo it. Never paste a key into a page you did not open yourself, or because someone asked you to. ' +
    'Here it only signs this one transfer in this page and is not sent anywhere; if you are unsure, use Cancel.',
  ownerLoading: 'Reading who owns this cNFT...',
  ownerUnknown: 'Could not read who owns this cNFT, so no key can be checked. Close and try again.',
  keyNotOwner: (address: string, owner: string) =>
    `This key belongs to ${address}, which does not own this cNFT (its owner is ${owner}). Confirm stays off.`,
  keyOwns: 'This key owns the cNFT.',
  selectedCount: (n: number) => `${n} cNFT${n === 1 ? '' : 's'} selected`,
  close: SHARED_TEXTS.close,
  delegateFirst: 'Delegate to the server',
  delegating: 'Approve the delegation in your wallet...',
  /** Select all and the queue leave out what Bubblegum will not move (cnftMovable.ts); said beside the button. */
  leftOut: (parts: [string, number][]) => {
    const n = parts.reduce((s, [, k]) => s + k, 0);
    const why = parts.map(([r, k]) => `${k} ${LEFT_OUT_REASON[r] ?? r}`).join(', ');
    return `${n} left out (${why}): they cannot be sent to the trash. Burn or hide them on their cards.`;
  },
  queueLeftOut: (names: string[]) => `Not in this queue (they cannot be moved): ${names.join(', ')}.`,
  /** A cancel before the queue was authorised (the server moves nothing it was not authorised to move). */
  cancelledEarly: (delegated: number) =>
    delegated === 0
      ? 'Cancelled before the queue started: nothing was moved. If your wallet still shows the delegation request, ' +
        'reject it; if you approve it anyway, the revoke is offered here.'
      : `Cancelled before the queue started: nothing was moved, but ${delegated} cNFT${delegated === 1 ? ' was' : 's were'} ` +
        "delegated to SolBack's server (your wallet approved the delegation). Revoke it below.",
  assetFailed: (name: string, detail: string) => `${name}: ${detail}`,
  /** The network fee line of the cNFT modals (NetworkFeeLine.tsx): before the wallet is asked, and once simulated. */
  feeFromWallet: (perTx: string, cap: string) =>
    `Network fee: ${perTx} SOL per transaction plus a priority fee of at most ${cap} SOL, paid from your wallet. ` +
    'A cNFT holds no rent, so no SOL comes back.',
  feeForDelegations: (perTx: string, cap: string) =>
    `Network fee: ${perTx} SOL per delegation transaction and for the one transaction that records your ` +
    `authorisation, plus a priority fee of at most ${cap} SOL each, paid from your wallet; SolBack's server pays ` +
    'the fees of the transfers. A cNFT holds no rent, so no SOL comes back.',
  feeFromKey: (perTx: string, cap: string) =>
    `Network fee: ${perTx} SOL plus a priority fee of at most ${cap} SOL, paid by the wallet of the pasted key. ` +
    'A cNFT holds no rent, so no SOL comes back.',
  feeFromServer:
    "Network fee: none from your wallet. SolBack's server sends the transfer and pays its fee; your wallet only " +
    'signs a message.',
  feeSimulated: (sol: string) =>
    `Network fee: ${sol} SOL, as the network simulated what your wallet is asked to approve. No SOL comes back.`,
  /** Bubblegum V2 charges every transferV2's payer a fee of its own (docs/PRODUCT.md, "Every state of an NFT or cNFT"). */
  v2FeeFromPayer: (perLeaf: string, n: number) =>
    ` Bubblegum V2 also charges ${perLeaf} SOL for each V2 cNFT it moves (${n} here), paid by the same wallet.`,
  v2FeeFromServer: (perLeaf: string, n: number) =>
    ` SolBack's server also pays Bubblegum V2's ${perLeaf} SOL for each V2 cNFT it moves (${n} here).`,
  v2FeeSimulated: (sol: string) =>
    `Network fee and Bubblegum V2's transfer fee: ${sol} SOL, as the network simulated what your wallet is asked to ` +
    'approve. No SOL comes back.',
  queueIntro:
    'Selected cNFTs are delegated to the server (one wallet approval), then the server moves each to the trash wallet.',
  queueCloseQuestion: 'The transfer is still running. Cancel it, or keep it running?',
  queueKeepRunning: 'Keep it running',
} as const;
