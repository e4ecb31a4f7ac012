// What the page says when a wallet cannot make the request a flow needs (src/features/wallet/wallet/signingMode.ts).
const RELAY_NEEDS_SIGN_ONLY =
  'SolBack cannot pay the network fee for this wallet: the wallet signs and sends every transaction itself, and a ' +
  'fee paid by SolBack needs SolBack’s signature after yours.';
const ADD_SOL =
  'To recover, add a little SOL (0.001 is plenty) to this wallet and pay the network fee yourself, or connect a ' +
  'wallet that can sign without sending, such as a browser extension.';

export const WALLET_MODES = {
  /** The relayer-paid recovery asked from a send-only wallet (embedded, mobile): said before anything is signed. */
  cosignedNeedsSignOnly: `${RELAY_NEEDS_SIGN_ONLY} Nothing was signed. ${ADD_SOL}`,
  /** Beside the recovery, in place of the "Let SolBack pay the fee" tick box, for such a wallet. */
  relayNeedsSignOnly: RELAY_NEEDS_SIGN_ONLY,
  /** …and what works: with SOL for the fee, paying it; without, adding some or another wallet. */
  payFeeYourself: 'You pay the network fee (5,000 lamports per transaction) from this wallet instead.',
  addSol: ADD_SOL,
  cannotSign: 'Wallet connection error: the wallet can neither sign nor send transactions',
} as const;
