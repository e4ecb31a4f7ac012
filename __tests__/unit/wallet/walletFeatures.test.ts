// The wallet port's sign-and-send, reached behind the adapter: a Wallet Standard wallet gets every transaction as the
// inputs of ONE solana:signAndSendTransaction call on the chain of the page's endpoint; an adapter (or Phantom's
// injected provider) with signAndSendAllTransactions gets one call; a wallet that cannot send gets none. Where the
// account offers solana:signAndSendAllTransactions, that is asked, with the flow's mode, and its per-transaction
// results are read: all sent, none sent (the wallet's own error), or some (PartlySentError naming exactly those).
import type { Adapter } from '@solana/wallet-adapter-base';
import { Connection, Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { signAndSendAllFor, signInFor } from '../../../src/features/wallet/wallet/walletFeatures';
import { PartlySentError } from '../../../src/features/wallet/wallet/signingErrors';

const owner = Keypair.generate();
const address = owner.publicKey.toBase58();
const connection = new Connection('http://127.0.0.1:8899/api/rpc');
const tx = () =>
  new Transaction({ feePayer: owner.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: owner.publicKey, lamports: 1 }),
  );
const adapterOf = (extra: object) =>
  ({ connected: true, publicKey: owner.publicKey, name: 'Some Wallet', ...extra }) as unknown as Adapter;

const signatureOf = (n: number) => ({ signature: new Uint8Array(64).fill(n) });

function standard(features: string[], settled: PromiseSettledResult<{ signature: Uint8Array }>[] = []) {
  const calls: { chain: string; count: number; mode?: string }[] = [];
  const account = { address, publicKey: owner.publicKey.toBytes(), chains: ['solana:localnet'], features };
  const wallet = {
    accounts: [account],
    features: {
      'solana:signAndSendTransaction': {
        signAndSendTransaction: async (...inputs: { chain: string; account: unknown }[]) => {
          calls.push({ chain: inputs[0].chain, count: inputs.length });
          expect(inputs.every((i) => i.account === account)).toBe(true);
          return inputs.map((_, i) => signatureOf(i + 1));
        },
      },
      'solana:signAndSendAllTransactions': {
        signAndSendAllTransactions: async (inputs: { chain: string }[], options: { mode: string }) => {
          calls.push({ chain: inputs[0].chain, count: inputs.length, mode: options.mode });
          return settled;
        },
      },
    },
  };
  return { adapter: adapterOf({ wallet }), calls };
}

it('a Wallet Standard wallet: one call with every transaction, on the endpoint’s chain; base58 signatures in order', async () => {
  const w = standard(['solana:signAndSendTransaction', 'solana:signMessage']);
  const send = signAndSendAllFor(w.adapter, connection)!;
  const signatures = await send([tx(), tx(), tx()]);
  expect(w.calls).toEqual([{ chain: 'solana:localnet', count: 3 }]);
  expect(signatures).toEqual([1, 2, 3].map((n) => bs58.encode(new Uint8Array(64).fill(n))));
});

it('solana:signAndSendAllTransactions where offered: one call with the flow’s mode (parallel unless told serial)', async () => {
  const fulfilled = [1, 2].map((n) => ({ status: 'fulfilled' as const, value: signatureOf(n) }));
  const w = standard(['solana:signAndSendTransaction', 'solana:signAndSendAllTransactions'], fulfilled);
  const send = signAndSendAllFor(w.adapter, connection)!;
  await expect(send([tx(), tx()])).resolves.toEqual([1, 2].map((n) => bs58.encode(signatureOf(n).signature)));
  await send([tx(), tx()], { mode: 'serial' });
  expect(w.calls).toEqual([
    { chain: 'solana:localnet', count: 2, mode: 'parallel' },
    { chain: 'solana:localnet', count: 2, mode: 'serial' },
  ]);
});

it('per-transaction results: some refused → PartlySentError with exactly the sent ones; all refused → the refusal', async () => {
  const blocked = new Error('Request blocked. This dApp could be malicious. (RELIABLE_SIMULATION_NOT_POSSIBLE)');
  const some = standard(
    ['solana:signAndSendAllTransactions'],
    [
      { status: 'fulfilled', value: signatureOf(7) },
      { status: 'rejected', reason: blocked },
      { status: 'fulfilled', value: signatureOf(9) },
    ],
  );
  const err = (await signAndSendAllFor(some.adapter, connection)!([tx(), tx(), tx()]).catch(
    (e) => e,
  )) as PartlySentError;
  expect(err).toBeInstanceOf(PartlySentError);
  expect(err.signatures).toEqual([bs58.encode(signatureOf(7).signature), null, bs58.encode(signatureOf(9).signature)]);
  expect(err.cause).toBe(blocked);
  const none = standard(
    ['solana:signAndSendAllTransactions'],
    [0, 1].map(() => ({ status: 'rejected', reason: blocked })),
  );
  await expect(signAndSendAllFor(none.adapter, connection)!([tx(), tx()])).rejects.toBe(blocked);
});

it('no sign-and-send when the account does not offer it, or nothing is connected', () => {
  expect(signAndSendAllFor(standard(['solana:signTransaction']).adapter, connection)).toBeUndefined();
  expect(signAndSendAllFor(adapterOf({ connected: false }), connection)).toBeUndefined();
  expect(signAndSendAllFor(null, connection)).toBeUndefined();
  expect(signAndSendAllFor(adapterOf({}), connection)).toBeUndefined(); // a sign-only adapter
});

it('an adapter with signAndSendAllTransactions (the lazy Mobile Wallet Adapter) and Phantom’s injected provider', async () => {
  const asked: number[] = [];
  const mobile = adapterOf({
    signAndSendAllTransactions: async (txs: Transaction[], _o: unknown, c: Connection) => {
      expect(c).toBe(connection);
      asked.push(txs.length);
      return txs.map((_, i) => `sig${i}`);
    },
  });
  await expect(signAndSendAllFor(mobile, connection)!([tx(), tx()])).resolves.toEqual(['sig0', 'sig1']);
  (globalThis as { phantom?: unknown }).phantom = {
    solana: {
      signAndSendAllTransactions: async (txs: Transaction[]) => (
        asked.push(txs.length),
        { publicKey: address, signatures: txs.map(() => 'p') }
      ),
    },
  };
  try {
    await expect(signAndSendAllFor(adapterOf({ name: 'Phantom' }), connection)!([tx()])).resolves.toEqual(['p']);
  } finally {
    delete (globalThis as { phantom?: unknown }).phantom;
  }
  expect(asked).toEqual([2, 1]);
});

it('a wallet that answers for fewer transactions than it was sent is an error, not a silent partial success', async () => {
  const short = adapterOf({ signAndSendAllTransactions: async () => ['only-one'] });
  await expect(signAndSendAllFor(short, connection)!([tx(), tx()])).rejects.toThrow(/fewer transactions/);
});

it('signIn: the signed message, its signature and the signer’s key, where the adapter offers it', async () => {
  const out = {
    signedMessage: new Uint8Array([1]),
    signature: new Uint8Array([2]),
    account: { publicKey: new Uint8Array([3]) },
  };
  const signIn = signInFor(adapterOf({ signIn: async () => out }))!;
  await expect(signIn({ domain: 'x' })).resolves.toEqual({
    signedMessage: out.signedMessage,
    signature: out.signature,
    publicKey: out.account.publicKey,
  });
  expect(signInFor(adapterOf({}))).toBeUndefined();
});
