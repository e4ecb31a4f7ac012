// The robust way (docs/PRODUCT.md#advanced-cnft-trash, PRODUCT difference 1): the transfer is built and signed IN THE PAGE with a pasted key, on the
// same signing path as every other way — the key stands in for the wallet — and the server only relays the signed
// transaction (POST /api/robust-transfer {assetId, destinationAddress, signedTransaction}).
import type { Keypair, Transaction } from '@solana/web3.js';
import type { WalletPort } from '../../../app/walletPort';
import { buildTrashTransaction } from '../../../common/cnftBuilders';
import { CNFT_ERRORS, CNFT_OUTCOMES } from '../../../common/texts';
import { signAndSend } from '../../wallet/wallet';
import { submitToServer } from '../../wallet/wallet/signingSteps';
import { loadLeaf } from './cnftLeaf';
import { apiCall, trashGuard, type TrashDeps, type TrashOutcome } from './trashTypes';
import { trashApi } from './trashApi';

/** The key as a wallet that signs at once; it lives only as long as this call. */
function keyWallet(keypair: Keypair): WalletPort {
  return {
    publicKey: keypair.publicKey.toBase58(),
    signTransaction: async <T>(tx: T) => {
      (tx as unknown as Transaction).sign(keypair);
      return tx;
    },
  };
}

const never = () => new Promise<never>(() => undefined); // a key in the page answers at once: nothing to time

export async function robustTrash(
  deps: Omit<TrashDeps, 'wallet'>,
  keypair: Keypair,
  assetId: string,
): Promise<TrashOutcome> {
  const owner = keypair.publicKey.toBase58();
  const res = await signAndSend(
    { wallet: keyWallet(keypair), delay: never, connection: deps.connection },
    {
      blockhash: 'fresh',
      build: async () => {
        const { leaf } = await loadLeaf(deps, assetId);
        if (String(leaf.owner) !== owner) throw new Error('This key does not own the cNFT.');
        return [buildTrashTransaction(leaf, deps.trashWallet)];
      },
      guard: trashGuard(deps, { owner, kind: 'trashCnft', allowedAccounts: [assetId], trashWallet: deps.trashWallet }),
      send: submitToServer(async ([signedTransaction]) => {
        const answer = await apiCall(
          deps.dispatch(
            trashApi.endpoints.robustTransfer.initiate({
              assetId,
              destinationAddress: deps.trashWallet,
              signedTransaction,
            }),
          ),
        );
        if (!answer.success || !answer.signature) throw new Error(answer.error || CNFT_ERRORS.failedToTransfer);
        return answer;
      }),
    },
  );
  const pending = res.pending;
  return {
    assetId,
    method: 'robust',
    status: pending ? 'assumed' : 'success',
    signature: res.signature!,
    explorerUrl: res.explorerUrl,
    message: pending ? CNFT_OUTCOMES.assumedSuccess : undefined,
  };
}
