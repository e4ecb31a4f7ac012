// A cNFT way signed by the connected wallet, on the one signing path: build (fresh proof each attempt) → fresh
// blockhash → guard → one approval → send → confirm at 'confirmed'. A confirmation time-out is an assumed success
// (spec §4.6); an expired blockhash builds and signs once more.
import type { Transaction } from '@solana/web3.js';
import type { GuardIntent } from '../../chain/guard';
import { CNFT_COMMITMENT } from '../../common/constants';
import { CNFT_ERRORS } from '../../common/texts';
import { canSign, signAndSend } from '../wallet/signing';
import { WalletNotReadyError } from '../wallet/signingErrors';
import { sendToChain } from '../wallet/signingSteps';
import { signingDeps, trashGuard, type TrashDeps } from './trashTypes';

export interface Sent {
  signature: string;
  status: 'success' | 'assumed';
}

/** The connected wallet's address, or 'Wallet not connected or missing signTransaction method'. */
export function requireOwner(deps: Pick<TrashDeps, 'wallet'>): string {
  const owner = deps.wallet.publicKey;
  if (!owner || !canSign(deps.wallet)) throw new WalletNotReadyError(CNFT_ERRORS.walletMissingSign);
  return owner;
}

export const cnftSend = (deps: TrashDeps, onLanded?: (index: number) => void) =>
  sendToChain(deps.connection, {
    preflightCommitment: CNFT_COMMITMENT,
    commitment: CNFT_COMMITMENT,
    unconfirmed: 'assume',
    onLanded,
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
    send: cnftSend(deps),
  });
  return { signature: sent.signature, status: sent.status === 'assumed' ? 'assumed' : 'success' };
}
