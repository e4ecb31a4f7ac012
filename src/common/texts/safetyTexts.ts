// ours: the public page "How SolBack keeps you safe" (GET /safety, docs/OPERATIONS.md#before-you-launch), rendered by
// the server only. Deliberately not re-exported from ./index: the page's bundle never needs it.
import { SAFETY_PAGE } from './brandTexts';

export const SAFETY_TEXTS = {
  title: SAFETY_PAGE.title,
  intro:
    'SolBack closes empty accounts and burns what you choose, so the rent they hold comes back to your wallet. Here is what protects you while it does.',
  feeHeading: 'One fee wallet, in the open',
  fee: 'SolBack takes 1 % of the rent it returns, in the same transaction, and only to this wallet:',
  feeHistory: "See every transaction of SolBack's fee wallet on Solana Explorer",
  guardHeading: 'An open-source guard checks every transaction before your wallet is asked',
  guard:
    'Before your wallet shows a request, the page decodes every transaction and refuses one that does anything but what you asked: close or burn your own listed accounts, a fee of at most 1 % to the wallet above, compute budget. It checks figures it reads from the chain itself, and shows your SOL change from a simulation.',
  guardSource: 'Read the guard’s source code',
  guardFiles: 'The guard is src/chain/guard.ts; what it accepts from your wallet is src/chain/walletAdditionsCheck.ts.',
  walletHeading: "Your wallet's own checks stay on",
  wallet:
    'Wallets such as Phantom add their own safety checks (Lighthouse assertions) to what they send. SolBack leaves room for them in every transaction and accepts them, and nothing else, after your wallet.',
  keysHeading: 'Your keys stay yours',
  keys: 'Private keys never leave your browser: this server refuses any request that carries one.',
  reportHeading: 'Report a problem',
  report: 'Found a security problem? Tell us:',
  back: 'Back to SolBack',
} as const;
