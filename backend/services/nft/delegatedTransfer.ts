// Transfers as the server's delegate key (docs/PRODUCT.md#server-calls delegated transfer, and the queue worker): the owner delegated
// the leaf to our key earlier; we sign and pay for a Bubblegum transfer to TRASH_WALLET with a fresh proof.
import { LAMPORTS_PER_SOL, type Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { buildDelegatedTransferTransaction } from '../../../src/common/cnftBuilders';
import type { Services } from '../../context';
import { ServiceUnavailableError, ValidationError } from '../../errors';
import { buildOr400, loadLeaf, type LeafBundle } from './cnftData';
import { DELEGATE_NOT_CONFIGURED } from './delegate';

export const NOT_DELEGATED = 'This cNFT is not delegated to the server delegate. Delegate it first.';
export const NOT_OWNER = 'This cNFT is not owned by this wallet.';

const MIN_DELEGATE_LAMPORTS = 0.01 * LAMPORTS_PER_SOL;

export function requireDelegate(services: Pick<Services, 'delegate'>): Keypair {
  if (!services.delegate) throw ServiceUnavailableError(DELEGATE_NOT_CONFIGURED);
  return services.delegate;
}

/** The delegate pays the fees; on the local chain it is topped up from the faucet. */
export async function ensureDelegateFunded(services: Pick<Services, 'rpc' | 'config' | 'delegate'>): Promise<void> {
  const delegate = requireDelegate(services);
  if (services.config.mode !== 'local') return;
  const res = await services.rpc.call<{ value: number }>('getBalance', [
    delegate.publicKey.toBase58(),
    { commitment: 'confirmed' },
  ]);
  if ((res?.value ?? 0) >= MIN_DELEGATE_LAMPORTS) return;
  await services.rpc.call('requestAirdrop', [delegate.publicKey.toBase58(), LAMPORTS_PER_SOL]);
}

export interface PreparedDelegatedTransfer {
  bundle: LeafBundle;
  raw: Uint8Array;
  signature: string;
  lastValidBlockHeight: number;
}

/** Checks owner and delegation, builds and signs the transfer. Nothing is sent. */
export async function prepareDelegatedTransfer(
  services: Pick<Services, 'das' | 'connection' | 'rpc' | 'config' | 'delegate'>,
  assetId: string,
  expectedOwner?: string,
): Promise<PreparedDelegatedTransfer> {
  const delegate = requireDelegate(services);
  const bundle = await loadLeaf(services, assetId);
  const { asset } = bundle;
  if (expectedOwner && asset.ownership.owner !== expectedOwner) throw ValidationError(NOT_OWNER);
  if (asset.ownership.delegate !== delegate.publicKey.toBase58()) throw ValidationError(NOT_DELEGATED);
  await ensureDelegateFunded(services);
  const tx = buildOr400(() =>
    buildDelegatedTransferTransaction(bundle.leaf, delegate.publicKey.toBase58(), services.config.trashWallet),
  );
  const { blockhash, lastValidBlockHeight } = await services.connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.sign(delegate);
  const raw = tx.serialize();
  return { bundle, raw, signature: bs58.encode(tx.signature!), lastValidBlockHeight };
}
