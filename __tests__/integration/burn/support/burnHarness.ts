// A real app on the local chain for the burn listener tests, a fresh store per test wired to it, and a wallet port
// that signs with a Keypair in Node (what a browser wallet does, minus the popup).
import { addListener } from '@reduxjs/toolkit';
import type { Keypair, Transaction } from '@solana/web3.js';
import { setApiOrigin } from '../../../../src/api/baseApi';
import { makeStore } from '../../../../src/app/store';
import { createAppExtra, type WalletPort } from '../../../../src/app/walletPort';
import { type BurnReview, reviewConfirmed, reviewOpened } from '../../../../src/features/burn/review/reviewSlice';
import { walletConnected } from '../../../../src/app/events';
import { startLocalChainServer, type LocalChainServer } from '../../../backend/localChainServer';
import { stopStore } from '../../../support/stopStore';
import { until } from '../../../support/until';
export { networkFee } from '../../../support/networkFee';

export type Chain = LocalChainServer;

export async function startChain(): Promise<Chain> {
  // Runs at the legacy rent (6960 lamports/byte), the rate the NFTs were made at: a full burn then returns every deposit.
  // Under today's lower rate Token Metadata keeps a metadata account's surplus; batchBurnNftKinds.test.ts covers that.
  const server = await startLocalChainServer({ localnetLamportsPerByte: 6960 });
  setApiOrigin(server.url);
  return {
    ...server,
    async close() {
      stopStores();
      await server.close();
    },
  };
}

export interface TestWallet extends WalletPort {
  signed: Transaction[][];
}

export interface WalletOptions {
  signAll?: boolean;
  /** Throw this instead of signing (the user rejects). */
  reject?: Error;
  /** Runs after each signing request (n = 0, 1, …), before the signed transactions are handed back. */
  afterSign?: (n: number) => Promise<void>;
}

export function keypairWallet(kp: Keypair, opts: WalletOptions = {}): TestWallet {
  const signed: Transaction[][] = [];
  const sign = async <T>(txs: T[]): Promise<T[]> => {
    if (opts.reject) throw opts.reject;
    for (const tx of txs) (tx as unknown as Transaction).partialSign(kp);
    signed.push(txs as unknown as Transaction[]);
    await opts.afterSign?.(signed.length - 1);
    return txs;
  };
  return {
    publicKey: kp.publicKey.toBase58(),
    signed,
    signTransaction: async (tx) => (await sign([tx]))[0],
    signAllTransactions: opts.signAll === false ? undefined : (txs) => sign(txs),
  };
}

const stores: { dispatch(action: unknown): unknown }[] = [];

/** Cancels the listeners still waiting (the 8 s message clear, …) and the cache's timers so the test run can end. */
export function stopStores(): void {
  for (const store of stores.splice(0)) stopStore(store);
}

/** Every review step opened by a store of connectedStore, in order; each is confirmed at once (the user agrees). */
export const reviews: BurnReview[] = [];

export async function connectedStore(chain: Chain, wallet: TestWallet, opts: { confirmReviews?: boolean } = {}) {
  const extra = createAppExtra(wallet);
  extra.setConnection(chain.connection);
  const store = makeStore(undefined, extra);
  stores.push(store);
  store.dispatch(
    addListener({
      actionCreator: reviewOpened,
      effect: (action, api) => {
        reviews.push(action.payload);
        if (opts.confirmReviews !== false) api.dispatch(reviewConfirmed(action.payload.id));
      },
    }),
  );
  store.dispatch(walletConnected({ publicKey: wallet.publicKey! }));
  await until(() => {
    const s = store.getState();
    return !s.tokens.loading && !s.nfts.loading && s.tokens.items.length > 0;
  }, 30_000);
  return store;
}
