// Runs the review step for a burn: simulates every transaction (owner's balance before and after, as the chain
// computes it — fees included), asks for the network fee of each message, opens the review and waits for the user.
import { isAnyOf } from '@reduxjs/toolkit';
import { PublicKey, type Transaction, VersionedTransaction } from '@solana/web3.js';
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { ASSETS_SCREEN } from '../../../common/texts';
import { BurnValidationError } from '../burn/burnErrors';
import { requireConnection } from '../../../app/requireConnection';
import type { CollectionParent } from '../../../chain/nftBurnPlan';
import type { ValuableItem } from '../../assets/value';
import { type BurnReview, type ReviewItem, reviewCancelled, reviewConfirmed, reviewOpened } from './reviewSlice';

export class ReviewCancelledError extends BurnValidationError {
  name = 'ReviewCancelledError';
  constructor() {
    super(ASSETS_SCREEN.reviewCancelled);
  }
}

export class SimulationRefusedError extends BurnValidationError {
  name = 'SimulationRefusedError';
  constructor(detail: string) {
    super(ASSETS_SCREEN.reviewSimulationFailed(detail));
  }
}

export interface ReviewInput {
  owner: string;
  txs: Transaction[];
  destroyed: ReviewItem[];
  unwrapped?: ReviewItem[];
  rentLamports: number;
  unwrapLamports?: number;
  serviceFeeLamports: number;
  /** Tokens worth more than the SOL their accounts return (PRODUCT difference 14): listed with their value, asked again. */
  valuable?: ValuableItem[];
  /** Of the destroyed, the collection NFTs (a warning in the review). */
  collections?: CollectionParent[];
  closed?: ReviewItem[];
  closedTitle?: string;
  leftAlone?: ReviewItem[];
  surplusLamports?: number;
  principalLamports?: number;
  rewardsLamports?: number;
  relayed?: boolean;
  perKind?: ReviewItem[];
  later?: ReviewItem[];
}

/**
 * The owner's SOL change if each transaction ran on the chain as it is now: their sum is the request's, since the guard
 * that ran first lets a request act on each account once (src/chain/guardRequest.ts).
 */
export async function simulateOwnerChange(api: AppListenerEffectAPI, owner: string, txs: Transaction[]) {
  const connection = requireConnection(api.extra);
  const ownerKey = new PublicKey(owner);
  // A fresh blockhash (the wallet step sets its own again): fees are asked per message, and a node forgets old hashes.
  const [before, { blockhash }] = await api.pause(
    Promise.all([connection.getBalance(ownerKey, 'confirmed'), connection.getLatestBlockhash('confirmed')]),
  );
  let change = 0;
  let networkFee = 0;
  for (const tx of txs) {
    // Simulated with a fresh blockhash, and the transaction left as it came: a server-built one (the vacant
    // recovery keeps its blockhash, and the server checks it is what it prepared) must reach the wallet unchanged.
    const kept = tx.recentBlockhash;
    tx.recentBlockhash = blockhash;
    const message = tx.compileMessage();
    tx.recentBlockhash = kept;
    const [sim, fee] = await api.pause(
      Promise.all([
        connection.simulateTransaction(new VersionedTransaction(message), {
          sigVerify: false,
          replaceRecentBlockhash: true,
          commitment: 'confirmed',
          accounts: { encoding: 'base64', addresses: [owner] },
        }),
        connection.getFeeForMessage(message, 'confirmed'),
      ]),
    );
    if (sim.value.err) throw new SimulationRefusedError(JSON.stringify(sim.value.err));
    const after = sim.value.accounts?.[0]?.lamports;
    if (typeof after !== 'number') throw new SimulationRefusedError('no account state returned');
    change += after - before;
    networkFee += fee.value ?? 0;
  }
  return { change, networkFee };
}

/** Resolves when the user confirms; throws ReviewCancelledError when they cancel. */
export async function reviewBeforeSigning(api: AppListenerEffectAPI, input: ReviewInput): Promise<BurnReview> {
  const { change, networkFee } = await simulateOwnerChange(api, input.owner, input.txs);
  const review: BurnReview = {
    id: api.getState().review.seq + 1,
    destroyed: input.destroyed,
    valuable: input.valuable ?? [],
    unwrapped: input.unwrapped ?? [],
    rentLamports: input.rentLamports,
    unwrapLamports: input.unwrapLamports ?? 0,
    serviceFeeLamports: input.serviceFeeLamports,
    networkFeeLamports: networkFee,
    // What comes back by our own reading of the accounts (the guard's figures) and the fees; the simulation must
    // agree. Where it does not (the local chain's emulated Metaplex programs do not run in simulation), the
    // simulated figure is shown beside it rather than hidden.
    solChangeLamports: input.rentLamports - input.serviceFeeLamports - networkFee,
    simulatedChangeLamports: change,
    transactions: input.txs.length,
    ...(input.collections?.length ? { collections: input.collections } : {}),
    ...(input.closed ? { closed: input.closed } : {}),
    ...(input.closedTitle ? { closedTitle: input.closedTitle } : {}),
    ...(input.leftAlone?.length ? { leftAlone: input.leftAlone } : {}),
    ...(input.surplusLamports ? { surplusLamports: input.surplusLamports } : {}),
    ...(input.principalLamports ? { principalLamports: input.principalLamports } : {}),
    ...(input.rewardsLamports ? { rewardsLamports: input.rewardsLamports } : {}),
    ...(input.relayed ? { relayed: true } : {}),
    ...(input.perKind?.length ? { perKind: input.perKind } : {}),
    ...(input.later?.length ? { later: input.later } : {}),
  };
  // Listen first: an answer may come in the same tick as the review opens.
  const answered = api.take(
    (a): a is ReturnType<typeof reviewConfirmed> =>
      isAnyOf(reviewConfirmed, reviewCancelled)(a) && a.payload === review.id,
  );
  api.dispatch(reviewOpened(review));
  const [answer] = await answered;
  if (reviewCancelled.match(answer)) throw new ReviewCancelledError();
  return review;
}
