// The wallet port's sign-and-send and sign-in, reached behind the adapter. The adapter's own sendTransaction takes
// one transaction (and, for a wallet without `solana:signAndSendTransaction`, signs and sends it itself as a sign-only
// request), so for several transactions in ONE approval the bridge calls the wallet's feature directly:
// - a Wallet Standard wallet: `solana:signAndSendAllTransactions` where the account offers it, with the flow's mode
//   ('serial' / 'parallel') and one settled result per transaction (@solana/wallet-standard-features 1.3,
//   signAndSendAllTransactions.d.ts: `(inputs, { mode }) => PromiseSettledResult<output>[]`); else
//   `solana:signAndSendTransaction` with one input per transaction (signAndSendTransaction.d.ts: `(...inputs) => outputs`);
// - Phantom's injected provider under its legacy adapter: `signAndSendAllTransactions`
//   (docs.phantom.com, "Send a legacy transaction", "Sign and send multiple transactions");
// - an adapter that offers `signAndSendAllTransactions` itself (the lazy Mobile Wallet Adapter, lazyMobileWalletAdapter.ts).
import type { Adapter } from '@solana/wallet-adapter-base';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { Connection, Transaction } from '@solana/web3.js';
import { getChainForEndpoint } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import type { SendAllOptions, SignInAnswer, WalletPort } from '../../../app/walletPort';
import { PartlySentError } from './signingErrors';

const SIGN_AND_SEND = 'solana:signAndSendTransaction';
const SIGN_AND_SEND_ALL = 'solana:signAndSendAllTransactions';

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
type StandardInput = Parameters<StandardSignAndSend['signAndSendTransaction']>[number];
interface StandardSignAndSendAll {
  signAndSendAllTransactions: (
    inputs: readonly StandardInput[],
    options?: { mode?: 'serial' | 'parallel' },
  ) => Promise<readonly PromiseSettledResult<{ signature: Uint8Array }>[]>;
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

/**
 * The signatures of one request answered per transaction. All sent: their signatures. None: the first refusal, as
 * the wallet threw it (a batch refusal or the user's answer). Some: PartlySentError, so exactly those are confirmed.
 */
function settledSignatures(results: readonly PromiseSettledResult<{ signature: Uint8Array }>[]): string[] {
  const signatures = results.map((r) => (r.status === 'fulfilled' ? bs58.encode(r.value.signature) : null));
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!refused) return signatures as string[];
  if (signatures.every((s) => s === null)) throw refused.reason;
  throw new PartlySentError(signatures, refused.reason);
}

const FEWER = 'The wallet answered for fewer transactions than it was sent';

function standardSendAll(adapter: Adapter, wallet: StandardWalletLike, endpoint: string) {
  const address = adapter.publicKey?.toBase58();
  const account = wallet.accounts.find((a) => a.address === address);
  const offered = (name: string) => (account?.features.includes(name) ? wallet.features[name] : undefined);
  const all = offered(SIGN_AND_SEND_ALL) as StandardSignAndSendAll | undefined;
  const one = offered(SIGN_AND_SEND) as StandardSignAndSend | undefined;
  if (!account || (!all && !one)) return undefined;
  const chain = getChainForEndpoint(endpoint); // the adapter's own rule for sendTransaction
  return async (txs: Transaction[], { mode, ...options }: SendAllOptions = {}) => {
    const inputs = txs.map((tx) => ({ account, chain, transaction: serialize(tx), options }));
    if (all) {
      const results = await all.signAndSendAllTransactions(inputs, { mode: mode ?? 'parallel' });
      if (results.length !== txs.length) throw new Error(FEWER);
      return settledSignatures(results);
    }
    const outputs = await one!.signAndSendTransaction(...inputs);
    if (outputs.length !== txs.length) throw new Error(FEWER);
    return outputs.map((o) => bs58.encode(o.signature));
  };
}

function providerSendAll(provider: SendAllProvider, connection: Connection) {
  return async (txs: Transaction[], options?: SendAllOptions) => {
    const answer = await provider.signAndSendAllTransactions(txs, options, connection);
    const signatures = Array.isArray(answer) ? answer : answer.signatures;
    if (signatures.length !== txs.length) throw new Error(FEWER);
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
