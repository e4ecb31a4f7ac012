// cNFT data on the server: asset and fresh proof from DAS, the tree's shape from its account, and the leaf to sign.
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { PublicKey, type Transaction } from '@solana/web3.js';
import type { CnftLeaf } from '../../../src/chain/cnft';
import { explorerTxUrl, type ExplorerCluster } from '../../../src/chain/format';
import type { ProofLike } from '../../../src/chain/cnftTransactions';
import { treeShapeFromAccount, type TreeShape } from '../../../src/chain/cnftTreeShape';
import { leafFor } from '../../../src/common/cnftBuilders';
import type { Services } from '../../context';
import {
  AppError,
  appError,
  isRateLimited,
  NotFoundError,
  RateLimitedError,
  RpcError,
  ServiceUnavailableError,
  ValidationError,
} from '../../errors';
import type { DasAsset } from '../das/das';
import { assetCollection as collectionOf, DAS_DISPLAY_OPTIONS } from '../das/dasParse';
import { upstreamFailure, upstreamStatusOf } from '../rpc/upstreamFaults';

export interface CnftAsset extends DasAsset {
  compression: NonNullable<DasAsset['compression']> & {
    tree: string;
    data_hash: string;
    creator_hash: string;
    leaf_id: number;
  };
  ownership: NonNullable<DasAsset['ownership']>;
}

export interface DasProof extends ProofLike {
  tree_id: string;
  node_index: number;
  leaf: string;
}

export const ASSET_SERVICE_UNAVAILABLE = 'Asset service temporarily unavailable';

function mapDasError(err: unknown, what: string): never {
  if (err instanceof AppError) throw err;
  if (isRateLimited(err)) throw RateLimitedError();
  // What the indexer says about the asset asked for: not found (404) or invalid params (400). Anything else — its
  // key refused (-32001, 401), an internal error, no answer — is its failure, never a 4xx for the user.
  if (
    err instanceof RpcError &&
    err.httpStatus === undefined &&
    upstreamStatusOf(err.code, err.message) === undefined
  ) {
    if (/not found/i.test(err.message)) throw NotFoundError(`${what} not found`);
    if (err.code === -32602) throw ValidationError(err.message);
  }
  throw (
    upstreamFailure(err, { unavailable: ASSET_SERVICE_UNAVAILABLE }) ??
    ServiceUnavailableError(ASSET_SERVICE_UNAVAILABLE)
  );
}

export async function fetchAsset(services: Pick<Services, 'das'>, assetId: string): Promise<DasAsset> {
  try {
    const asset = await services.das.call<DasAsset | null>('getAsset', {
      id: assetId,
      displayOptions: DAS_DISPLAY_OPTIONS,
    });
    if (!asset) throw appError(404, 'asset_not_found');
    return asset;
  } catch (err) {
    mapDasError(err, 'Asset');
  }
}

/** The asset, required to be a live compressed NFT with complete compression data. */
export async function fetchCnft(services: Pick<Services, 'das'>, assetId: string): Promise<CnftAsset> {
  const asset = await fetchAsset(services, assetId);
  const c = asset.compression;
  if (!c?.compressed) throw appError(400, 'not_compressed');
  if (!c.tree || !c.data_hash || !c.creator_hash || typeof c.leaf_id !== 'number' || !asset.ownership)
    throw appError(400, 'compression_missing');
  return asset as CnftAsset;
}

/** A fresh proof (never cached). */
export async function fetchProof(services: Pick<Services, 'das'>, assetId: string): Promise<DasProof> {
  try {
    const proof = await services.das.call<DasProof | null>('getAssetProof', { id: assetId });
    if (!proof || !Array.isArray(proof.proof)) throw appError(404, 'asset_proof_not_found');
    return proof;
  } catch (err) {
    mapDasError(err, 'Asset proof');
  }
}

/** Depth, buffer and canopy of a tree, from its account. */
export async function fetchTreeShape(services: Pick<Services, 'connection'>, tree: string): Promise<TreeShape> {
  const info = await services.connection.getAccountInfo(new PublicKey(tree), 'confirmed');
  if (!info) throw appError(400, 'tree_missing');
  try {
    return treeShapeFromAccount(info.data);
  } catch {
    throw appError(400, 'not_a_tree');
  }
}

export interface LeafBundle {
  asset: CnftAsset;
  proof: DasProof;
  shape: TreeShape;
  leaf: CnftLeaf;
}

/** Asset, fresh proof and tree shape → the leaf with its canopy-truncated proof. */
export async function loadLeaf(services: Pick<Services, 'das' | 'connection'>, assetId: string): Promise<LeafBundle> {
  const asset = await fetchCnft(services, assetId);
  if (asset.burnt) throw appError(400, 'cnft_burnt');
  const proof = await fetchProof(services, assetId);
  const shape = await fetchTreeShape(services, asset.compression.tree);
  try {
    return { asset, proof, shape, leaf: leafFor(asset, proof, shape) };
  } catch (err) {
    throw ValidationError((err as Error).message);
  }
}

export function assetName(asset: DasAsset): string {
  return asset.content?.metadata?.name?.trim() || `cNFT ${asset.id.slice(0, 6)}`;
}
export { assetImage } from '../das/dasParse';
/** Collection name (null when unknown), as in the listings. */
export function assetCollection(asset: DasAsset): string | null {
  return collectionOf(asset).collection;
}

/** Explorer link for a signature: the local chain is a custom cluster behind our own /api/rpc. */
export function explorerUrlFor(services: Pick<Services, 'config'>, signature: string, origin?: string): string {
  const cluster: ExplorerCluster =
    services.config.mode === 'local'
      ? { customUrl: `${origin ?? `http://localhost:${services.config.port}`}/api/rpc` }
      : 'mainnet-beta';
  return explorerTxUrl(signature, cluster);
}

/** Decodes a signature sent as base64 (spec) or base58; null when neither gives 64 bytes. */
export function decodeSignature(sig: string): Uint8Array | null {
  const trimmed = sig.trim();
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) && trimmed.length % 4 === 0) {
    const b = Buffer.from(trimmed, 'base64');
    if (b.length === 64) return new Uint8Array(b);
  }
  try {
    const b = bs58.decode(trimmed);
    if (b.length === 64) return b;
  } catch {
    /* not base58 */
  }
  return null;
}

/** ed25519 check of the exact text against the owner's key (PRODUCT difference 3). */
export function verifySignedText(owner: string, text: string, signature: string): boolean {
  const sig = decodeSignature(signature);
  if (!sig) return false;
  try {
    return nacl.sign.detached.verify(new TextEncoder().encode(text), sig, bs58.decode(owner));
  } catch {
    return false;
  }
}

export const INVALID_SIGNATURE = 'The signature does not match this wallet and message. Nothing was done.';

/** Runs a transaction builder; a proof too large for one transaction (or bad leaf data) is the client's 400. */
export function buildOr400<T>(build: () => T): T {
  try {
    return build();
  } catch (err) {
    throw ValidationError((err as Error).message);
  }
}

export function serializeUnsigned(tx: Transaction): string {
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
}
