// The ways that go through the server delegate: the delegated transfer (docs/PRODUCT.md#delegated-transfer: the owner signs the
// authorisation text, the server moves the cNFT as delegate) and the delegation the queue (and 'Delegate to the
// server') needs first — a Bubblegum delegate per cNFT, all signed with one approval on the signing path.
import type { Transaction } from '@solana/web3.js';
import { buildAuthorizationMemoTx } from '../../../chain/authorizationMemo';
import type { AssetProofData } from '../../../common/api';
import { CNFT_COMMITMENT } from '../../../common/constants';
import { CNFT_ERRORS, VALIDATION } from '../../../common/texts';
import { canAuthorize, signAuthorization } from '../../wallet/wallet';
import { signAndSend } from '../../wallet/wallet';
import { WalletNotReadyError } from '../../wallet/wallet';
import { legacyTransactions } from '../../wallet/wallet/serverTransactions';
import { confirmSignature } from '../../wallet/wallet/signingSteps';
import { CNFT_SEND, cnftSend, requireOwner } from './ownerTransaction';
import { apiCall, signingDeps, trashGuard, type TrashDeps } from './trashTypes';
import { trashApi } from './trashApi';
import { authApi } from '../../../api/authApi';

/**
 * Signs the 'delegated-transfer' authorisation of this asset (PRODUCT difference 11; a memo transaction that is
 * never sent from a wallet without signMessage, PRODUCT difference 11) and asks the server to move it as delegate.
 */
export async function delegatedTrash(
  deps: TrashDeps,
  assetId: string,
  proofData: AssetProofData | null,
  onStep?: (s: 'signing' | 'transferring') => void,
): Promise<{ signature?: string; explorerUrl?: string }> {
  const { wallet } = deps;
  if (!wallet.publicKey || !canAuthorize(wallet)) throw new WalletNotReadyError(VALIDATION.walletRequiredSigning);
  if (!assetId) throw new Error(VALIDATION.assetIdRequired);
  onStep?.('signing');
  const { message, signature, signedTransaction } = await signAuthorization(
    {
      ...signingDeps(deps),
      fetchNonce: () => apiCall(deps.dispatch(authApi.endpoints.getAuthNonce.initiate())),
      location: deps.pageLocation,
    },
    { action: 'delegated-transfer', assetIds: [assetId] },
  );
  onStep?.('transferring');
  const res = await apiCall(
    deps.dispatch(
      trashApi.endpoints.delegatedTransfer.initiate({
        sender: wallet.publicKey,
        assetId,
        message,
        signedMessage: signature,
        signedTransaction,
        proofData,
      }),
    ),
  );
  if (!res.success) throw new Error(res.error || CNFT_ERRORS.transferFailed);
  return { signature: res.signature, explorerUrl: res.explorerUrl };
}

/** A failure that belongs to one cNFT of a batch: the message the page shows names it. */
export class AssetStepError extends Error {
  name = 'AssetStepError';
  constructor(
    readonly assetId: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

// The delegations that landed before the one request failed (a later delegation, or the memo, did not): they stay on
// chain, so the queue offers their revocation (src/features/trash/revoke) instead of leaving them delegated unsaid.
const LANDED_BEFORE_FAILURE = Symbol('delegatedBeforeFailure');
type WithLanded = { [LANDED_BEFORE_FAILURE]?: string[] };

/** The ids whose delegation landed before `err` ended delegateWithMemo ([] when none, or another error). */
export const delegatedBeforeFailure = (err: unknown): string[] =>
  (typeof err === 'object' && err !== null && (err as WithLanded)[LANDED_BEFORE_FAILURE]) || [];

/**
 * For the assets not yet delegated to the server delegate, gets the delegate transactions and has the owner sign
 * them all with one wallet request, then confirms them. Returns the ids that were delegated now.
 */
export async function delegateForQueue(deps: TrashDeps, assetIds: string[], serverDelegate: string): Promise<string[]> {
  return (await delegateWithMemo(deps, assetIds, serverDelegate)).delegated;
}

/**
 * delegateForQueue, and with `memo` (src/chain/authorizationMemo.ts) the owner's authorisation memo transaction last
 * in the same wallet request: the queue's one approval (PRODUCT difference 11). Answers the memo's signature.
 */
export async function delegateWithMemo(
  deps: TrashDeps,
  assetIds: string[],
  serverDelegate: string,
  memo?: string,
): Promise<{ delegated: string[]; memoSignature?: string }> {
  const owner = deps.wallet.publicKey;
  if (!owner) throw new Error(VALIDATION.walletNotConnected);
  const todo: { assetId: string; tx: Transaction }[] = [];
  for (const assetId of assetIds) {
    try {
      const info = await apiCall(
        deps.dispatch(trashApi.endpoints.getDelegateInfo.initiate(assetId, { subscribe: false, forceRefetch: true })),
      );
      if (info.delegationInfo?.delegated) continue;
      const res = await apiCall(
        deps.dispatch(
          trashApi.endpoints.cnftDelegate.initiate({ ownerAddress: owner, assetId, delegatePublicKey: serverDelegate }),
        ),
      );
      const b64 = res.transaction;
      if (!res.success || !b64) throw new Error(res.error || CNFT_ERRORS.delegationInfoFailed);
      todo.push({ assetId, tx: legacyTransactions([b64])[0] }); // a lookup table: the guard's refusal
    } catch (err) {
      throw new AssetStepError(assetId, err); // the queue names the cNFT that failed
    }
  }
  const txs = todo.map((t) => t.tx);
  if (memo) {
    const memoTx = buildAuthorizationMemoTx(owner, memo);
    // The guard decodes it before the path sets the fresh blockhash of the whole request.
    memoTx.recentBlockhash = (await deps.connection.getLatestBlockhash(CNFT_COMMITMENT)).blockhash;
    txs.push(memoTx); // last: a sign-only send stops at the first failed delegation, before the memo
  }
  if (txs.length === 0) return { delegated: [] };
  requireOwner(deps);
  const memoIndex = memo ? txs.length - 1 : -1;
  let memoSignature: string | undefined;
  // After an expiry the path asks again only for the transactions that did not land.
  const assumed: string[] = [];
  const landed: string[] = [];
  const request = signAndSend(signingDeps(deps), {
    blockhash: 'fresh',
    build: async (_attempt, pending) => (pending ?? txs.map((_, i) => i)).map((i) => txs[i]),
    guard: trashGuard(deps, {
      owner,
      kind: 'delegateCnft',
      allowedAccounts: todo.map((t) => t.assetId),
      delegate: serverDelegate,
      authorizationMemo: memo,
    }),
    ...cnftSend(deps),
    onLanded: (i, signature, status) => {
      if (status === 'assumed') assumed.push(signature);
      if (i === memoIndex) memoSignature = signature;
      else landed.push(todo[i].assetId);
    },
  });
  await request.catch((err: unknown) => {
    if (landed.length && typeof err === 'object' && err !== null) (err as WithLanded)[LANDED_BEFORE_FAILURE] = landed;
    throw err;
  });
  // A delegation whose confirmation timed out (assumed, docs/PRODUCT.md#trash-a-cnft) is confirmed once more on the same path before
  // the server relies on it; a second time-out leaves it assumed, and the queue reports that cNFT if it never landed.
  for (const signature of assumed) await confirmSignature(deps.connection, signature, CNFT_SEND);
  return { delegated: todo.map((t) => t.assetId), memoSignature };
}
