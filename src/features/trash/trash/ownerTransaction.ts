// A cNFT way signed by the connected wallet, on the one signing path: build (fresh proof each attempt) → guard →
// fresh blockhash → one wallet request (sign-and-send where the wallet can) → confirm at 'confirmed'. A confirmation time-out is an assumed success
// (docs/PRODUCT.md#trash-a-cnft); an expired blockhash builds and signs once more.
import type { Transaction } from '@solana/web3.js';
import type { GuardIntent } from '../../../chain/guard';
import { CNFT_COMMITMENT } from '../../../common/constants';
import { CNFT_ERRORS } from '../../../common/texts';
import { signAndSend, type SigningRequest } from '../../wallet/wallet';
import { WalletNotReadyError } from '../../wallet/wallet';
import { canSignOrSend } from '../../wallet/wallet';
import { type ChainSendOptions, type ChainSent, confirmSent, sendToChain } from '../../wallet/wallet/signingSteps';
import { signingDeps, trashGuard, type TrashDeps } from './trashTypes';

export interface Sent {
  signature: string;
  status: 'success' | 'assumed';
}

/** The connected wallet's address, or 'Wallet not connected or missing signTransaction method'. */
export function requireOwner(deps: Pick<TrashDeps, 'wallet'>): string {
  const owner = deps.wallet.publicKey;
  if (!owner || !canSignOrSend(deps.wallet)) throw new WalletNotReadyError(CNFT_ERRORS.walletMissingSign);
  return owner;
}

export const CNFT_SEND: ChainSendOptions = {
  preflightCommitment: CNFT_COMMITMENT,
  commitment: CNFT_COMMITMENT,
  unconfirmed: 'assume',
};

/** The cNFT ways' send and sent steps: sent and confirmed at 'confirmed'; a confirmation time-out is assumed. */
export const cnftSend = (
  deps: Pick<TrashDeps, 'connection'>,
): Pick<SigningRequest<ChainSent[]>, 'send' | 'sent' | 'sendOptions'> => ({
  send: sendToChain(deps.connection, CNFT_SEND),
  sent: confirmSent(deps.connection, CNFT_SEND),
  sendOptions: { preflightCommitment: CNFT_COMMITMENT },
});

export async function runOwnerTransaction(
  deps: TrashDeps,
  build: () => Promise<Transaction>,
  intent: GuardIntent,
): Promise<Sent> {
  const [sent] = await signAndSend(signingDeps(deps), {
    blockhash: 'fresh',
    build: async () => [await build()],
    guard: trashGuard(deps, intent),
    ...cnftSend(deps),
  });
  return { signature: sent.signature, status: sent.status === 'assumed' ? 'assumed' : 'success' };
}
