// The queue's delegations and authorisation in ONE wallet approval (PRODUCT difference 11 and "Which request your
// wallet sees"; RELIABILITY, "One approval per action"). The 'queue-authorize' text is built first (a fresh server
// nonce, this queue, exactly its assets); the wallet is then asked once for the delegations of the cNFTs not yet
// delegated AND a transaction whose only instruction is the memo of SHA-256(text) (src/chain/authorizationMemo.ts):
// sign-and-send where the wallet can, else one sign-all and the page sends. The server reads that landed
// transaction from the chain before it spends the nonce (backend/services/auth/authMemoProof.ts).
// One approval beats two for every wallet kind that can send a transaction, so this is the queue's way for all of
// them; the page falls back to the delegations, then a signed text (sign in / sign message / never-sent memo: two
// approvals), only where it cannot hash the text (no Web Crypto: a page over plain http off localhost).
import { authorizationMemoOf, sha256Hex } from '../../../chain/authorizationMemo';
import type { AuthNonceResponse, QueueAuthorizeRequest } from '../../../common/api';
import { AUTH_TEXTS } from '../../../common/texts';
import type { TrashWays } from '../trash';
import { signingDeps, type TrashDeps } from '../trash/trashTypes';
import { prepareAuthorization, signPrepared } from '../../wallet/wallet';
import { QUEUE_STEPS } from '../../../common/texts/queueStepsTexts';

/** What POST /api/queue/authorize gets besides the queue and the owner. */
export type QueueProof = Pick<QueueAuthorizeRequest, 'message' | 'signature' | 'signedTransaction' | 'memoSignature'>;

export interface QueueAuthorizationHooks {
  /** The cNFT ways (loaded with the first queue). */
  ways: Pick<typeof TrashWays, 'delegateWithMemo' | 'delegatedBeforeFailure'>;
  fetchNonce: () => Promise<AuthNonceResponse>;
  onStep: (step: string) => void;
  /** The delegations landed (ids delegated now). */
  onDelegated: (assetIds: string[]) => void;
}

/**
 * A failure before the delegations: the server's one-time code ('nonce', nothing was signed) or the fallback's signed
 * text ('signing', its second approval). The queue names the step instead of calling it a delegation failure.
 */
class QueueStepError extends Error {
  name = 'QueueStepError';
  constructor(
    readonly step: 'nonce' | 'signing',
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export async function delegateAndAuthorize(
  deps: TrashDeps,
  hooks: QueueAuthorizationHooks,
  queue: { queueId: string; assetIds: string[]; delegate: string },
): Promise<QueueProof> {
  const prepared = await prepareAuthorization(
    { wallet: deps.wallet, fetchNonce: hooks.fetchNonce, location: deps.pageLocation },
    { action: 'queue-authorize', queueId: queue.queueId, assetIds: queue.assetIds },
  ).catch((err: unknown) => {
    throw new QueueStepError('nonce', err);
  });
  const digest = await sha256Hex(prepared.message);
  const memo = digest ? authorizationMemoOf(digest) : undefined;
  hooks.onStep(memo ? QUEUE_STEPS.approving : QUEUE_STEPS.delegating);
  const { delegated, memoSignature } = await hooks.ways
    .delegateWithMemo(deps, queue.assetIds, queue.delegate, memo)
    .catch((err: unknown) => {
      const landed = hooks.ways.delegatedBeforeFailure(err);
      if (landed.length) hooks.onDelegated(landed); // on chain although the request failed: the revoke offer's
      throw err;
    });
  hooks.onDelegated(delegated);
  if (memo) {
    if (!memoSignature) throw new Error(AUTH_TEXTS.memoNotSent);
    return { message: prepared.message, memoSignature };
  }
  const { wallet } = deps;
  hooks.onStep(wallet.signIn || wallet.signMessage ? QUEUE_STEPS.signing : AUTH_TEXTS.memoStep);
  try {
    return await signPrepared(signingDeps(deps), prepared);
  } catch (err) {
    throw new QueueStepError('signing', err);
  }
}
