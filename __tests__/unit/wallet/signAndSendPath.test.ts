// The signing path with the request chosen per wallet: one sign-and-send call for all of a flow's transactions,
// confirmed by the returned signatures; after an expiry only what did not land is asked for again; the guard and
// the review run once; a co-signed flow asks a sign-only request or, from a send-only wallet, nothing at all.
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { WalletPort } from '../../../src/app/walletPort';
import { signAndSend, type SigningRequest } from '../../../src/features/wallet/signing';
import { WalletCannotDoFlowError } from '../../../src/features/wallet/signingErrors';
import { type ChainSent, type ChainSender, confirmSent, sendToChain } from '../../../src/features/wallet/signingSteps';
import { WALLET_MODES } from '../../../src/common/texts';

const owner = Keypair.generate();
const tx = (lamports: number) =>
  new Transaction({ feePayer: owner.publicKey }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: owner.publicKey, lamports }),
  );
const amountOf = (t: Transaction) => Number(Buffer.from(t.instructions[0].data).readBigUInt64LE(4));

/** A wallet that records each request: which feature, and the transactions (by their transfer amount). */
function recordingWallet(kind: 'sendOnly' | 'phantomLike') {
  const calls: { op: string; amounts: number[] }[] = [];
  const sign = <T>(t: T) => ((t as unknown as Transaction).partialSign(owner), t);
  const port: WalletPort = {
    publicKey: owner.publicKey.toBase58(),
    signAndSendAll: async (txs) => {
      calls.push({ op: 'signAndSend', amounts: txs.map(amountOf) });
      return txs.map((t) => bs58.encode(sign(t).signature!));
    },
    signMessage: async (m) => m,
  };
  if (kind === 'phantomLike') {
    port.signTransaction = async (t) => (
      calls.push({ op: 'signTransaction', amounts: [amountOf(t as never)] }),
      sign(t)
    );
    port.signAllTransactions = async (ts) => (
      calls.push({ op: 'signTransaction', amounts: ts.map((t) => amountOf(t as never)) }),
      ts.map(sign)
    );
  }
  return { port, calls };
}

/** A chain where the transactions whose amount is in `expiredOnce` miss their first blockhash. */
function chain(expiredOnce: number[] = []) {
  const seen = new Map<string, number>(); // signature → amount
  let height = 0;
  const first = new Set(expiredOnce);
  const connection: ChainSender & { getLatestBlockhash: () => Promise<never> } = {
    getLatestBlockhash: async () =>
      ({ blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: ++height }) as never,
    sendRawTransaction: async (raw: Buffer | Uint8Array | number[]) => {
      const t = Transaction.from(Buffer.from(raw as Uint8Array));
      const signature = bs58.encode(t.signature!);
      seen.set(signature, amountOf(t));
      return signature;
    },
    confirmTransaction: async (strategy: { signature: string } | string) => {
      const signature = typeof strategy === 'string' ? strategy : strategy.signature;
      const amount = seen.get(signature);
      if (amount !== undefined && first.delete(amount))
        return { context: { slot: 1 }, value: { err: 'BlockhashNotFound' } };
      return { context: { slot: 1 }, value: { err: null } };
    },
    getSignatureStatuses: async () => ({ context: { slot: 1 }, value: [null] }),
  };
  return { connection, seen };
}

const SEND = { preflightCommitment: 'confirmed', commitment: 'confirmed', unconfirmed: 'fail' } as const;
const never = () => new Promise<void>(() => undefined);

function request(
  c: ReturnType<typeof chain>,
  built: Transaction[],
  log: string[],
  extra: Partial<SigningRequest<ChainSent[]>> = {},
): SigningRequest<ChainSent[]> {
  return {
    blockhash: 'fresh',
    build: async (attempt, pending) => {
      log.push(`build ${attempt} ${pending ? pending.join(',') : 'all'}`);
      return pending ? pending.map((i) => built[i]) : built;
    },
    guard: async (txs) => void log.push(`guard ${txs.map(amountOf).join(',')}`),
    review: async (txs) => void log.push(`review ${txs.map(amountOf).join(',')}`),
    send: sendToChain(c.connection, SEND),
    sent: async (signatures, txs, ctx) => {
      // what the wallet sent reached the chain (the test wallet's own send)
      for (const [i, s] of signatures.entries()) c.seen.set(s, amountOf(txs[i]));
      return confirmSent(c.connection, SEND)(signatures, txs, ctx);
    },
    onLanded: (i) => void log.push(`landed ${i}`),
    ...extra,
  };
}

it('a send-only wallet: ONE sign-and-send call for all transactions; guard and review once; confirmed by signature', async () => {
  const w = recordingWallet('sendOnly');
  const c = chain();
  const log: string[] = [];
  const sent = await signAndSend(
    { wallet: w.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log),
  );
  expect(w.calls).toEqual([{ op: 'signAndSend', amounts: [1, 2, 3] }]);
  expect(log).toEqual(['build 0 all', 'guard 1,2,3', 'review 1,2,3', 'landed 0', 'landed 1', 'landed 2']);
  expect(sent.map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
});

it('a Phantom-like wallet is asked to sign and send, never to sign only, when nobody signs after the owner', async () => {
  const w = recordingWallet('phantomLike');
  const c = chain();
  await signAndSend({ wallet: w.port, delay: never, connection: c.connection }, request(c, [tx(1), tx(2)], []));
  expect(w.calls.map((x) => x.op)).toEqual(['signAndSend']);
});

it('an expired blockhash: only the transaction that did not land is rebuilt, guarded and asked for once more', async () => {
  const w = recordingWallet('sendOnly');
  const c = chain([2]);
  const log: string[] = [];
  await signAndSend({ wallet: w.port, delay: never, connection: c.connection }, request(c, [tx(1), tx(2), tx(3)], log));
  expect(w.calls).toEqual([
    { op: 'signAndSend', amounts: [1, 2, 3] },
    { op: 'signAndSend', amounts: [2] },
  ]);
  expect(log).toEqual([
    'build 0 all',
    'guard 1,2,3',
    'review 1,2,3',
    'landed 0',
    'landed 2',
    'build 1 1',
    'guard 2',
    'landed 1',
  ]);
});

it('the same on a sign-only wallet path (a flow that cannot use what a wallet sent)', async () => {
  const w = recordingWallet('phantomLike');
  const c = chain([2]);
  const log: string[] = [];
  await signAndSend(
    { wallet: w.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2), tx(3)], log, { sent: undefined }),
  );
  // sent in order: the expiry of the second stops the third, so both are asked for again
  expect(w.calls).toEqual([
    { op: 'signTransaction', amounts: [1, 2, 3] },
    { op: 'signTransaction', amounts: [2, 3] },
  ]);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1', 'landed 2']);
});

it('co-signed after the owner: a Phantom-like wallet signs only; a send-only wallet is asked nothing', async () => {
  const phantom = recordingWallet('phantomLike');
  const c = chain();
  await signAndSend(
    { wallet: phantom.port, delay: never, connection: c.connection },
    request(c, [tx(1), tx(2)], [], { cosigned: true, sent: undefined }),
  );
  expect(phantom.calls).toEqual([{ op: 'signTransaction', amounts: [1, 2] }]);

  const sendOnly = recordingWallet('sendOnly');
  const log: string[] = [];
  const err = await signAndSend(
    { wallet: sendOnly.port, delay: never, connection: c.connection },
    request(c, [tx(1)], log, { cosigned: true }),
  ).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(WalletCannotDoFlowError);
  expect((err as Error).message).toBe(WALLET_MODES.cosignedNeedsSignOnly);
  expect(sendOnly.calls).toEqual([]);
  expect(log).toEqual(['build 0 all']); // not even guarded or reviewed
});
