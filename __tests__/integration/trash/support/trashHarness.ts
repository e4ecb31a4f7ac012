// The cNFT way listener tests' harness: the burn harness's real app on the local chain, a fresh store per test with
// a Keypair wallet port that can also sign messages, hang (for the 120 s limit) or reject, and DAS read-backs.
import { Keypair, type Transaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { makeStore } from '../../../../src/app/store';
import { createAppExtra, type WalletPort } from '../../../../src/app/walletPort';
import type { Chain } from '../../burn/support/burnHarness';
export { startChain, stopStores, type Chain } from '../../burn/support/burnHarness';
import { stopStore } from '../../../support/stopStore';
export { until } from '../../../support/until';

export interface CnftTestWallet extends WalletPort {
  /** Transactions handed back signed, per approval. */
  signed: Transaction[][];
  messages: string[];
  /** Times the wallet was asked (signed or not). */
  asked: number;
}

export interface CnftWalletOptions {
  /** The user declines: every request throws this. */
  reject?: Error;
  /** The wallet never answers (the 120 s limit has to end it). */
  hang?: boolean;
  /** Runs after each approval n (0, 1, …), before the signed transactions are handed back. */
  afterSign?: (n: number) => Promise<void>;
}

export function cnftWallet(kp: Keypair, opts: CnftWalletOptions = {}): CnftTestWallet {
  const wallet: CnftTestWallet = {
    publicKey: kp.publicKey.toBase58(),
    signed: [],
    messages: [],
    asked: 0,
  };
  const answer = async () => {
    wallet.asked++;
    if (opts.hang) await new Promise<never>(() => undefined);
    if (opts.reject) throw opts.reject;
  };
  const sign = async <T>(txs: T[]): Promise<T[]> => {
    await answer();
    for (const tx of txs) (tx as unknown as Transaction).partialSign(kp);
    wallet.signed.push(txs as unknown as Transaction[]);
    await opts.afterSign?.(wallet.signed.length - 1);
    return txs;
  };
  wallet.signTransaction = async (tx) => (await sign([tx]))[0];
  wallet.signAllTransactions = (txs) => sign(txs);
  wallet.signMessage = async (message) => {
    await answer();
    wallet.messages.push(new TextDecoder().decode(message));
    return nacl.sign.detached(message, kp.secretKey);
  };
  return wallet;
}

export const rejection = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });

export interface FundedCnft {
  assetId: string;
  name: string;
  image: string;
  delegate: string | null;
}

export async function fundedOwner(chain: Chain): Promise<{ owner: Keypair; cnfts: FundedCnft[] }> {
  const owner = Keypair.generate();
  const { body } = await chain.api('localnet/fund', { owner: owner.publicKey.toBase58() });
  return { owner, cnfts: body.manifest.cnfts };
}

export const assetOf = (c: FundedCnft) => ({ mint: c.assetId, name: c.name, image: c.image });

const stores: ReturnType<typeof makeStore>[] = [];

/** A fresh store on the chain (or a wrapper of its connection), the wallet in `extra`; no lists are loaded. */
export function storeFor(chain: Chain, wallet: WalletPort, connection = chain.connection) {
  const extra = createAppExtra(wallet);
  extra.setConnection(connection);
  const store = makeStore(undefined, extra);
  stores.push(store);
  return store;
}

/** Cancels whatever a test's listeners still wait for (a hung wallet, a poll) and the cache's timers. */
export function stopTrashStores(): void {
  for (const store of stores.splice(0)) stopStore(store);
}

export async function onChain(
  chain: Chain,
  id: string,
): Promise<{ owner: string; delegate: string | null; burnt: boolean }> {
  const a = await chain.solback.das.call<any>('getAsset', { id });
  return { owner: a.ownership.owner, delegate: a.ownership.delegate ?? null, burnt: !!a.burnt };
}

export const expireAfterFirstSign = (chain: Chain) => async (n: number) => {
  if (n === 0) await chain.api('localnet/faults', { expireBlockhash: true });
};

/** Fake timers that keep pace with the clock, so the test can jump the 120 s signing limit once the wallet is asked. */
export function pacedTimers(): void {
  jest.useFakeTimers({
    advanceTimers: true,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'queueMicrotask',
      'setInterval',
      'clearInterval',
      'Date',
      'hrtime',
      'performance',
    ],
  });
}
