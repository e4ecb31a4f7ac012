// The wallet port's sign-and-send and sign-in, reached behind the adapter. The adapter's own sendTransaction takes
// one transaction (and, for a wallet without `solana:signAndSendTransaction`, signs and sends it itself as a sign-only
// request), so for several transactions in ONE approval the bridge calls the wallet's feature directly:
// - a Wallet Standard wallet: `solana:signAndSendTransaction` with one input per transaction
//   (@solana/wallet-standard-features, signAndSendTransaction.d.ts: `(...inputs) => outputs`);
// - Phantom's injected provider under its legacy adapter: `signAndSendAllTransactions`
//   (docs.phantom.com, "Send a legacy transaction", "Sign and send multiple transactions");
// - an adapter that offers `signAndSendAllTransactions` itself (the lazy Mobile Wallet Adapter, lazyMobileWalletAdapter.ts).
import type { Adapter } from '@solana/wallet-adapter-base';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { Connection, Transaction } from '@solana/web3.js';
import { getChainForEndpoint } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import type { SendAllOptions, SignInAnswer, WalletPort } from '../../app/walletPort';

const SIGN_AND_SEND = 'solana:signAndSendTransaction';

interface StandardAccount {
  address: string;
  publicKey: Uint8Array;
  chains: readonly string[];
  features: readonly string[];
}
interface StandardSignAndSend {
  signAndSendTransaction: (
    ...inputs: { account: StandardAccount; chain: string; transaction: Uint8Array; options?: object }[]
  ) => Promise<readonly { signature: Uint8Array }[]>;
}
interface StandardWalletLike {
  accounts: readonly StandardAccount[];
  features: Record<string, unknown>;
}
interface SendAllProvider {
  signAndSendAllTransactions: (
    txs: Transaction[],
    options: SendAllOptions | undefined,
    connection: Connection,
  ) => Promise<{ signatures: string[] } | string[]>;
}

const serialize = (tx: Transaction) =>
  new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));

const standardWalletOf = (adapter: Adapter): StandardWalletLike | undefined => {
  const wallet = (adapter as { wallet?: StandardWalletLike }).wallet;
  return wallet && typeof wallet === 'object' && 'features' in wallet ? wallet : undefined;
};

function standardSendAll(adapter: Adapter, wallet: StandardWalletLike, endpoint: string) {
  const feature = wallet.features[SIGN_AND_SEND] as StandardSignAndSend | undefined;
  const address = adapter.publicKey?.toBase58();
  const account = wallet.accounts.find((a) => a.address === address);
  if (!feature || !account?.features.includes(SIGN_AND_SEND)) return undefined;
  const chain = getChainForEndpoint(endpoint); // the adapter's own rule for sendTransaction
  return async (txs: Transaction[], options: SendAllOptions = {}) => {
    const outputs = await feature.signAndSendTransaction(
      ...txs.map((tx) => ({ account, chain, transaction: serialize(tx), options })),
    );
    if (outputs.length !== txs.length) throw new Error('The wallet answered for fewer transactions than it was sent');
    return outputs.map((o) => bs58.encode(o.signature));
  };
}

function providerSendAll(provider: SendAllProvider, connection: Connection) {
  return async (txs: Transaction[], options?: SendAllOptions) => {
    const answer = await provider.signAndSendAllTransactions(txs, options, connection);
    const signatures = Array.isArray(answer) ? answer : answer.signatures;
    if (signatures.length !== txs.length)
      throw new Error('The wallet answered for fewer transactions than it was sent');
    return signatures;
  };
}

const injectedPhantom = (): SendAllProvider | undefined => {
  const provider = (globalThis as { phantom?: { solana?: Partial<SendAllProvider> } }).phantom?.solana;
  return typeof provider?.signAndSendAllTransactions === 'function' ? (provider as SendAllProvider) : undefined;
};

/** The port's signAndSendAll for the connected adapter, or undefined when the wallet cannot send. */
export function signAndSendAllFor(adapter: Adapter | null, connection: Connection): WalletPort['signAndSendAll'] {
  if (!adapter?.connected || !adapter.publicKey) return undefined;
  const standard = standardWalletOf(adapter);
  if (standard) return standardSendAll(adapter, standard, connection.rpcEndpoint);
  if (typeof (adapter as Partial<SendAllProvider>).signAndSendAllTransactions === 'function')
    return providerSendAll(adapter as unknown as SendAllProvider, connection);
  const phantom = adapter.name === 'Phantom' ? injectedPhantom() : undefined;
  return phantom ? providerSendAll(phantom, connection) : undefined;
}

type SignInAdapter = { signIn?: (input?: SolanaSignInInput) => Promise<SignInAnswer & { account: StandardAccount }> };

/** The port's signIn (`solana:signIn`) for the connected adapter, or undefined when it has none. */
export function signInFor(adapter: Adapter | null): WalletPort['signIn'] {
  const signIn = (adapter as SignInAdapter | null)?.signIn;
  if (!adapter?.connected || typeof signIn !== 'function') return undefined;
  return async (input) => {
    const out = await signIn.call(adapter, input);
    return { signedMessage: out.signedMessage, signature: out.signature, publicKey: out.account.publicKey };
  };
}
