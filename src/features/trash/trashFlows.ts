// The cNFT trash logic of spec §4.6 (no React): standard transfer signed by the wallet with a fresh, canopy-truncated
// proof; the 'fixed' second attempt; the 1000-lamport basic fallback that only hides the asset (DESIGN §3.8); the
// batch (first 3 in one transaction, else one by one with the §9 delays); the robust method signed IN THE PAGE with a
// pasted key (DESIGN §3.1); the owner burn; the delegated transfer; delegation before a queue.
import bs58 from 'bs58';
import {
  Keypair,
  PublicKey,
  Transaction,
  type Connection,
} from '@solana/web3.js';
import type { PageGuard } from '../guard/pageGuard';
import type { CnftLeaf } from '../../chain/cnft';
import { classifyError } from '../../chain/classifyError';
import { authorizationMessages } from '../../common/apiTypes';
import type {
  AssetProofData,
  CnftDelegateResponse,
  DelegateInfoResponse,
  DelegatedTransferRequest,
  DelegatedTransferResponse,
  RobustTransferRequest,
  RobustTransferResponse,
} from '../../common/apiTypes';
import {
  CNFT_BATCH_SIZE,
  CNFT_BEFORE_BATCH_EXECUTION_MS,
  CNFT_BEFORE_BATCH_SIGNING_MS,
  CNFT_BEFORE_INDIVIDUAL_TRANSFER_MS,
  CNFT_BETWEEN_FALLBACK_TRANSFERS_AFTER_ERROR_MS,
  CNFT_BETWEEN_FALLBACK_TRANSFERS_MS,
  CNFT_BETWEEN_PROOF_REFRESHES_MS,
  CNFT_COMMITMENT,
  MAX_PROOF_NODES,
  SIGNING_TIMEOUT_MS,
} from '../../common/constants';
import {
  CNFT_ERRORS,
  CNFT_OUTCOMES,
  VALIDATION,
  allTrashMethodsFailed,
  invalidPrivateKey,
} from '../../common/texts';
import {
  ProofTooLargeError,
  buildBasicFallbackTransaction,
  buildBatchTrashTransaction,
  buildBurnTransaction,
  buildTrashTransaction,
  leafFor,
  normalizeProofResponse,
  treeShapeFromAccount,
  type AssetLike,
  type ProofLike,
  type TreeShape,
} from '../../chain/cnftTransactions';

// --- errors and outcomes ---------------------------------------------------------------------------------------

/** The user declined in the wallet (spec §8.4 'Transaction was cancelled by the user'). */
export class TrashCancelledError extends Error {
  name = 'TrashCancelledError';
  constructor() {
    super(CNFT_ERRORS.cancelledByUser);
  }
}

export type TrashMethod = 'standard' | 'fixed' | 'basic' | 'robust' | 'delegated' | 'burn' | 'batch';

export interface TrashOutcome {
  assetId: string;
  /** success: confirmed; assumed: sent but not confirmed in time; hidden: basic fallback — hidden, NOT moved. */
  status: 'success' | 'assumed' | 'hidden';
  method: TrashMethod;
  signature: string;
  message?: string;
}

// --- dependencies --------------------------------------------------------------------------------------------

export interface TrashWallet {
  publicKey: string | null;
  signTransaction?: <T extends Transaction>(tx: T) => Promise<T>;
  signAllTransactions?: <T extends Transaction>(txs: T[]) => Promise<T[]>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
}

export type TrashConnection = Pick<
  Connection,
  'getAccountInfo' | 'getLatestBlockhash' | 'sendRawTransaction' | 'confirmTransaction' | 'getSignatureStatuses'
>;

/** The /api calls the flows need (RTK Query endpoints in the page, fakes in tests). */
export interface TrashApi {
  getAssetProof(assetId: string): Promise<unknown>;
  getAsset(assetId: string): Promise<unknown>;
  robustTransfer(body: RobustTransferRequest): Promise<RobustTransferResponse>;
  delegatedTransfer(body: DelegatedTransferRequest): Promise<DelegatedTransferResponse>;
  getDelegateInfo(assetId: string): Promise<DelegateInfoResponse>;
  cnftDelegate(body: { ownerAddress: string; assetId: string; delegatePublicKey: string }): Promise<CnftDelegateResponse>;
}

export interface TrashDeps {
  wallet: TrashWallet;
  connection: TrashConnection;
  api: TrashApi;
  /** The trash wallet this page was built for (src/common/builtWallets.ts), never the server's word. */
  trashWallet: string;
  /** The chain-reading guard (src/chain/chainGuard.ts) over the page's connection; throws to refuse. */
  guard: PageGuard;
  delay?: (ms: number) => Promise<void>;
  onStep?: (step: string) => void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const pause = (deps: TrashDeps, ms: number) => (deps.delay ?? sleep)(ms);

// --- data ------------------------------------------------------------------------------------------------------

function assetOf(res: unknown): AssetLike {
  const r = res as { success?: boolean; data?: AssetLike; error?: string } | AssetLike;
  const a = (r as { data?: AssetLike }).data ?? (r as AssetLike);
  if (!a || !a.compression) throw new Error(CNFT_ERRORS.missingCompression);
  return a;
}

/** A fresh proof: up to 3 attempts, 100 ms apart (spec §9), then 'Failed to fetch required proof data...'. */
export async function fetchFreshProof(deps: TrashDeps, assetId: string, attempts = 3): Promise<ProofLike> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await pause(deps, CNFT_BETWEEN_PROOF_REFRESHES_MS);
    try {
      const p = normalizeProofResponse(await deps.api.getAssetProof(assetId));
      if (p && p.proof.length > 0) return p;
      last = new Error(CNFT_ERRORS.invalidProofForBurn);
    } catch (err) {
      last = err;
    }
  }
  const e = new Error(CNFT_ERRORS.proofFetchFailed);
  (e as Error & { cause?: unknown }).cause = last;
  throw e;
}

export async function readTreeShape(connection: TrashConnection, tree: string): Promise<TreeShape | undefined> {
  const info = await connection.getAccountInfo(new PublicKey(tree), CNFT_COMMITMENT).catch(() => null);
  if (!info) return undefined;
  try {
    return treeShapeFromAccount(info.data);
  } catch {
    return undefined;
  }
}

export interface LoadedLeaf {
  asset: AssetLike;
  proof: ProofLike;
  leaf: CnftLeaf;
}

/**
 * Asset + fresh proof + the tree's canopy depth → the leaf. `fixed`: the second attempt, which takes the proof
 * embedded in the asset answer and, when the tree account cannot be read, the spec's cap of 12 nodes.
 */
export async function loadLeaf(deps: TrashDeps, assetId: string, variant: 'standard' | 'fixed' = 'standard'): Promise<LoadedLeaf> {
  if (!assetId) throw new Error(VALIDATION.assetIdRequired);
  const assetRes = await deps.api.getAsset(assetId);
  const asset = assetOf(assetRes);
  const tree = asset.compression?.tree;
  if (!tree) throw new Error(CNFT_ERRORS.missingTree);
  let proof: ProofLike;
  if (variant === 'fixed') {
    const embedded = normalizeProofResponse((assetRes as { data?: unknown }).data ?? assetRes);
    proof = embedded && embedded.proof.length > 0 ? embedded : await fetchFreshProof(deps, assetId);
  } else {
    proof = await fetchFreshProof(deps, assetId);
  }
  const shape = await readTreeShape(deps.connection, tree);
  const leaf = leafFor(asset, proof, shape);
  if (!shape && variant === 'fixed') leaf.proof = leaf.proof.slice(0, MAX_PROOF_NODES);
  return { asset, proof, leaf };
}

// --- signing and sending ----------------------------------------------------------------------------------------

function isRejection(err: unknown): boolean {
  return classifyError(err, 'cnft').kind === 'cancelled';
}

async function withSigningLimit<T>(p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TrashCancelledError()), SIGNING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([p, limit]);
  } catch (err) {
    if (err instanceof TrashCancelledError || isRejection(err)) throw new TrashCancelledError();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

export async function signWithWallet(wallet: TrashWallet, txs: Transaction[]): Promise<Transaction[]> {
  if (!wallet.publicKey || (!wallet.signTransaction && !wallet.signAllTransactions)) throw new Error(CNFT_ERRORS.walletMissingSign);
  if (txs.length > 1 && wallet.signAllTransactions) return withSigningLimit(wallet.signAllTransactions(txs));
  if (wallet.signTransaction) {
    const out: Transaction[] = [];
    for (const tx of txs) out.push(await withSigningLimit(wallet.signTransaction(tx)));
    return out;
  }
  return withSigningLimit(wallet.signAllTransactions!(txs));
}

export interface Sent {
  signature: string;
  status: 'success' | 'assumed';
}

/** Sends and confirms at 'confirmed'. A confirmation time-out is 'assumed' success (spec §4.6). */
export async function sendSigned(connection: TrashConnection, tx: Transaction, lastValidBlockHeight: number): Promise<Sent> {
  const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: CNFT_COMMITMENT });
  try {
    const { value } = await connection.confirmTransaction(
      { signature, blockhash: tx.recentBlockhash!, lastValidBlockHeight },
      CNFT_COMMITMENT,
    );
    if (value.err) throw new Error(`Transaction failed: ${JSON.stringify(value.err)}`);
    return { signature, status: 'success' };
  } catch (err) {
    const kind = classifyError(err, 'cnft').kind;
    if (kind === 'unconfirmed') return { signature, status: 'assumed' };
    if (kind === 'expired') {
      const st = await connection.getSignatureStatuses([signature]).catch(() => null);
      const s = st?.value?.[0];
      if (s && !s.err) return { signature, status: 'success' };
    }
    throw err;
  }
}

/** Fresh blockhash, guard, one wallet approval, send and confirm; an expired blockhash is retried once. */
async function runOwnerTransaction(
  deps: TrashDeps,
  build: () => Promise<Transaction>,
  intent: Parameters<PageGuard>[1],
): Promise<Sent> {
  for (let attempt = 0; ; attempt++) {
    const tx = await build();
    const { blockhash, lastValidBlockHeight } = await deps.connection.getLatestBlockhash(CNFT_COMMITMENT);
    tx.recentBlockhash = blockhash;
    await deps.guard([tx], intent);
    deps.onStep?.('signing');
    const [signed] = await signWithWallet(deps.wallet, [tx]);
    deps.onStep?.('sending');
    try {
      return await sendSigned(deps.connection, signed, lastValidBlockHeight);
    } catch (err) {
      if (attempt === 0 && classifyError(err, 'cnft').kind === 'expired') continue;
      throw err;
    }
  }
}

function requireOwner(deps: TrashDeps): string {
  const owner = deps.wallet.publicKey;
  if (!owner || (!deps.wallet.signTransaction && !deps.wallet.signAllTransactions)) throw new Error(CNFT_ERRORS.walletMissingSign);
  return owner;
}

// --- standard, fixed, basic ------------------------------------------------------------------------------------

export async function standardTrash(deps: TrashDeps, assetId: string, variant: 'standard' | 'fixed' = 'standard'): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(
    deps,
    async () => {
      const { leaf } = await loadLeaf(deps, assetId, variant);
      if (String(leaf.owner) !== owner) throw new Error('This cNFT is not owned by the connected wallet.');
      return buildTrashTransaction(leaf, deps.trashWallet);
    },
    { owner, kind: 'trashCnft', allowedAccounts: [assetId], trashWallet: deps.trashWallet },
  );
  return { assetId, method: variant, ...sent, message: sent.status === 'assumed' ? CNFT_OUTCOMES.assumedSuccess : undefined };
}

/** The last resort: 1000 lamports to the trash wallet. The cNFT is NOT moved; the page only hides it. */
export async function basicFallback(deps: TrashDeps, assetId: string): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(deps, async () => buildBasicFallbackTransaction(owner, deps.trashWallet), {
    owner,
    kind: 'trashCnft',
    allowedAccounts: [assetId],
    trashWallet: deps.trashWallet,
  });
  return { assetId, method: 'basic', signature: sent.signature, status: 'hidden', message: CNFT_OUTCOMES.basicFallbackHidden };
}

/**
 * Spec §4.6 fallback chain for one cNFT: standard → fixed → basic (hide only). A cancellation stops the chain; a
 * proof that cannot fit a transaction skips the 'fixed' attempt. All failing: 'All trash methods failed: ...'.
 */
export async function trashWithFallback(deps: TrashDeps, assetId: string, opts: { allowBasic?: boolean } = {}): Promise<TrashOutcome> {
  const reasons: string[] = [];
  const attempts: [TrashMethod, () => Promise<TrashOutcome>][] = [
    ['standard', () => standardTrash(deps, assetId, 'standard')],
    ['fixed', () => standardTrash(deps, assetId, 'fixed')],
  ];
  if (opts.allowBasic !== false) attempts.push(['basic', () => basicFallback(deps, assetId)]);
  let tooLarge = false;
  for (const [method, run] of attempts) {
    if (method === 'fixed' && tooLarge) continue;
    try {
      return await run();
    } catch (err) {
      if (err instanceof TrashCancelledError || isRejection(err)) throw new TrashCancelledError();
      if ((err as Error)?.name === 'TransactionGuardError') throw err;
      if (err instanceof ProofTooLargeError) tooLarge = true;
      reasons.push(`${method}: ${(err as Error)?.message ?? String(err)}`);
    }
  }
  throw new Error(allTrashMethodsFailed(reasons));
}

// --- batch ------------------------------------------------------------------------------------------------------

export interface BatchResult {
  outcomes: TrashOutcome[];
  failed: { assetId: string; error: string }[];
  /** True when the one-transaction batch failed and the assets went one by one. */
  individually: boolean;
}

/** Spec §4.6/§9: the first 3 assets in one transaction; if that fails, one by one with the delays of §9. */
export async function batchTrash(deps: TrashDeps, assetIds: string[]): Promise<BatchResult> {
  if (assetIds.length === 0) throw new Error(VALIDATION.noAssetIds);
  const owner = requireOwner(deps);
  const ids = assetIds.slice(0, CNFT_BATCH_SIZE);
  await pause(deps, CNFT_BEFORE_BATCH_EXECUTION_MS);
  try {
    const sent = await runOwnerTransaction(
      deps,
      async () => {
        const leaves: CnftLeaf[] = [];
        for (const [i, id] of ids.entries()) {
          if (i > 0) await pause(deps, CNFT_BETWEEN_PROOF_REFRESHES_MS);
          leaves.push((await loadLeaf(deps, id)).leaf);
        }
        const tx = buildBatchTrashTransaction(leaves, deps.trashWallet);
        await pause(deps, CNFT_BEFORE_BATCH_SIGNING_MS);
        return tx;
      },
      { owner, kind: 'trashCnft', allowedAccounts: ids, trashWallet: deps.trashWallet },
    );
    return { outcomes: ids.map((assetId) => ({ assetId, method: 'batch', ...sent })), failed: [], individually: false };
  } catch (err) {
    if (err instanceof TrashCancelledError || isRejection(err)) throw new TrashCancelledError();
    if ((err as Error)?.name === 'TransactionGuardError') throw err;
  }
  // Fallback: one by one (no basic fallback inside a batch: hiding is a per-asset choice).
  const outcomes: TrashOutcome[] = [];
  const failed: { assetId: string; error: string }[] = [];
  let lastFailed = false;
  for (const [i, id] of ids.entries()) {
    if (i > 0) await pause(deps, lastFailed ? CNFT_BETWEEN_FALLBACK_TRANSFERS_AFTER_ERROR_MS : CNFT_BETWEEN_FALLBACK_TRANSFERS_MS);
    await pause(deps, CNFT_BEFORE_INDIVIDUAL_TRANSFER_MS);
    try {
      outcomes.push(await trashWithFallback(deps, id, { allowBasic: false }));
      lastFailed = false;
    } catch (err) {
      if (err instanceof TrashCancelledError) throw err;
      failed.push({ assetId: id, error: (err as Error).message });
      lastFailed = true;
    }
  }
  return { outcomes, failed, individually: true };
}

// --- robust method (key used in the page only) -----------------------------------------------------------------

export interface ParsedKey {
  keypair: Keypair;
  address: string;
}

/**
 * Spec §5: base58 that decodes to exactly 64 bytes, else 'Invalid private key format'; a keypair that cannot be
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
    throw new Error(invalidPrivateKey((err as Error).message));
  } finally {
    bytes.fill(0);
  }
}

/**
 * The robust method: the transfer is built and signed in the page with the pasted key; the server only relays the
 * signed transaction (POST /api/robust-transfer {assetId, destinationAddress, signedTransaction}).
 */
export async function robustTrash(deps: Omit<TrashDeps, 'wallet'>, keypair: Keypair, assetId: string): Promise<TrashOutcome & { explorerUrl?: string }> {
  const fullDeps = { ...deps, wallet: { publicKey: keypair.publicKey.toBase58() } };
  const { leaf } = await loadLeaf(fullDeps, assetId);
  if (String(leaf.owner) !== keypair.publicKey.toBase58()) throw new Error('This key does not own the cNFT.');
  const tx = buildTrashTransaction(leaf, deps.trashWallet);
  const { blockhash } = await deps.connection.getLatestBlockhash(CNFT_COMMITMENT);
  tx.recentBlockhash = blockhash;
  await deps.guard([tx], { owner: keypair.publicKey.toBase58(), kind: 'trashCnft', allowedAccounts: [assetId], trashWallet: deps.trashWallet });
  tx.sign(keypair);
  const res = await deps.api.robustTransfer({
    assetId,
    destinationAddress: deps.trashWallet,
    signedTransaction: tx.serialize().toString('base64'),
  });
  if (!res.success || !res.signature) throw new Error(res.error || CNFT_ERRORS.failedToTransfer);
  const pending = (res as { pending?: boolean }).pending;
  return {
    assetId,
    method: 'robust',
    status: pending ? 'assumed' : 'success',
    signature: res.signature,
    explorerUrl: res.explorerUrl,
    message: pending ? CNFT_OUTCOMES.assumedSuccess : undefined,
  };
}

// --- owner burn -------------------------------------------------------------------------------------------------

/** DESIGN §3.8: Bubblegum burn signed by the leaf owner. */
export async function ownerBurn(deps: TrashDeps, assetId: string): Promise<TrashOutcome> {
  const owner = requireOwner(deps);
  const sent = await runOwnerTransaction(
    deps,
    async () => {
      const { leaf } = await loadLeaf(deps, assetId);
      if (String(leaf.owner) !== owner) throw new Error('This cNFT is not owned by the connected wallet.');
      return buildBurnTransaction(leaf);
    },
    { owner, kind: 'burnCnft', allowedAccounts: [assetId] },
  );
  return { assetId, method: 'burn', ...sent, message: sent.status === 'assumed' ? CNFT_OUTCOMES.assumedSuccess : undefined };
}

// --- delegated transfer ---------------------------------------------------------------------------------------

/** Signs 'Authorize delegated transfer of cNFT {id} to the trash wallet' and asks the server to move it as delegate. */
export async function delegatedTrash(
  deps: TrashDeps,
  assetId: string,
  proofData: AssetProofData | null,
  onStep?: (s: 'signing' | 'transferring') => void,
): Promise<{ signature?: string; explorerUrl?: string }> {
  const { wallet } = deps;
  if (!wallet.publicKey || !wallet.signMessage) throw new Error(VALIDATION.walletRequiredSigning);
  if (!assetId) throw new Error(VALIDATION.assetIdRequired);
  onStep?.('signing');
  let signature: Uint8Array;
  try {
    signature = await withSigningLimit(wallet.signMessage(new TextEncoder().encode(authorizationMessages.delegatedTransfer(assetId))));
  } catch (err) {
    if (err instanceof TrashCancelledError) throw err;
    throw new Error(`Signing failed: ${(err as Error).message}`);
  }
  onStep?.('transferring');
  const res = await deps.api.delegatedTransfer({
    sender: wallet.publicKey,
    assetId,
    signedMessage: Buffer.from(signature).toString('base64'),
    proofData,
  });
  if (!res.success) throw new Error(res.error || CNFT_ERRORS.transferFailed);
  return { signature: res.signature, explorerUrl: res.explorerUrl };
}

// --- delegation before a queue ----------------------------------------------------------------------------------

/**
 * For the selected assets not yet delegated to the server delegate, gets the delegate transactions and has the
 * owner sign them all with one approval, then sends and confirms them. Returns the ids that were delegated now.
 */
export async function delegateForQueue(deps: TrashDeps, assetIds: string[], serverDelegate: string): Promise<string[]> {
  const owner = deps.wallet.publicKey;
  if (!owner) throw new Error(VALIDATION.walletNotConnected);
  const todo: { assetId: string; tx: Transaction }[] = [];
  for (const assetId of assetIds) {
    const info = await deps.api.getDelegateInfo(assetId);
    if (info.delegationInfo?.delegated) continue;
    const res = await deps.api.cnftDelegate({ ownerAddress: owner, assetId, delegatePublicKey: serverDelegate });
    const b64 = (res as { transaction?: string }).transaction;
    if (!res.success || !b64) throw new Error(res.error || CNFT_ERRORS.delegationInfoFailed);
    todo.push({ assetId, tx: Transaction.from(Buffer.from(b64, 'base64')) });
  }
  if (todo.length === 0) return [];
  requireOwner(deps);
  const { blockhash, lastValidBlockHeight } = await deps.connection.getLatestBlockhash(CNFT_COMMITMENT);
  for (const t of todo) t.tx.recentBlockhash = blockhash;
  await deps.guard(
    todo.map((t) => t.tx),
    { owner, kind: 'delegateCnft', allowedAccounts: todo.map((t) => t.assetId), delegate: serverDelegate },
  );
  const signed = await signWithWallet(deps.wallet, todo.map((t) => t.tx));
  for (const tx of signed) {
    const sent = await sendSigned(deps.connection, tx, lastValidBlockHeight);
    if (sent.status !== 'success') {
      // Not confirmed yet: wait until it lands or the blockhash expires.
      for (let i = 0; i < 30; i++) {
        const st = (await deps.connection.getSignatureStatuses([sent.signature])).value[0];
        if (st?.confirmationStatus === 'confirmed' || st?.confirmationStatus === 'finalized') break;
        await pause(deps, 1_000);
      }
    }
  }
  return todo.map((t) => t.assetId);
}
