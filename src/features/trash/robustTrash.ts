// The robust way (docs/PRODUCT.md#advanced-cnft-trash, PRODUCT difference 1): the transfer is built and signed IN THE PAGE with a pasted key, on the
// same signing path as every other way — the key stands in for the wallet — and the server only relays the signed
// transaction (POST /api/robust-transfer {assetId, destinationAddress, signedTransaction}).
import bs58 from 'bs58';
import { Keypair, type Transaction } from '@solana/web3.js';
import type { WalletPort } from '../../app/walletPort';
import { buildTrashTransaction } from '../../common/cnftBuilders';
import { CNFT_ERRORS, CNFT_OUTCOMES, VALIDATION, invalidPrivateKey } from '../../common/texts';
import { signAndSend } from '../wallet';
import { submitToServer } from '../wallet/signingSteps';
import { loadLeaf } from './cnftLeaf';
import { trashGuard, type TrashDeps, type TrashOutcome } from './trashTypes';

export interface ParsedKey {
  keypair: Keypair;
  address: string;
}

/**
 * docs/PRODUCT.md#validation: base58 that decodes to exactly 64 bytes, else 'Invalid private key format'; a keypair that cannot be
 * made from it: 'Invalid private key: {reason}'. Never logs or stores the input.
 */
export function parsePrivateKey(input: string): ParsedKey {
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(input.trim());
  } catch {
    throw new Error(VALIDATION.invalidPrivateKeyFormat);
  }
  if (bytes.length !== 64) throw new Error(VALIDATION.invalidPrivateKeyFormat);
  try {
    const keypair = Keypair.fromSecretKey(Uint8Array.from(bytes));
    return { keypair, address: keypair.publicKey.toBase58() };
  } catch (err) {
    throw new Error(invalidPrivateKey((err as Error).message), { cause: err });
  } finally {
    bytes.fill(0);
  }
}

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
        const answer = await deps.api.robustTransfer({
          assetId,
          destinationAddress: deps.trashWallet,
          signedTransaction,
        });
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
