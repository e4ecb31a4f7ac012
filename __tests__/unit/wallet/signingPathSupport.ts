// The signing path's unit-test parts: an owner, transactions told apart by their transfer amount, a wallet that
// records each request, a chain that can make chosen transactions miss their first blockhash, and a request with
// logging steps. Shared by signAndSendPath.test.ts and oneAtATime.test.ts.
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { WalletPort } from '../../../src/app/walletPort';
import type { SigningRequest } from '../../../src/features/wallet/wallet/signing';
import {
  type ChainSent,
  type ChainSender,
  confirmSent,
  sendToChain,
} from '../../../src/features/wallet/wallet/signingSteps';

export const owner = Keypair.generate();
export const tx = (lamports: number) =>
  new Transaction({ feePayer: owner.publicKey }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: owner.publicKey, lamports }),
  );
export const amountOf = (t: Transaction) => Number(Buffer.from(t.instructions[0].data).readBigUInt64LE(4));

/**
 * A wallet that records each request: which feature, and the transactions (by their transfer amount). `refuse` may
 * answer a sign-and-send request with an error instead (after it is recorded), as a wallet or its user would.
 */
export function recordingWallet(
  kind: 'sendOnly' | 'phantomLike',
  refuse: (amounts: number[]) => Error | undefined = () => undefined,
  port: WalletPort = { publicKey: null },
) {
  const calls: { op: string; amounts: number[] }[] = [];
  /** The blockhash of each transaction of each sign-and-send request, as asked. */
  const blockhashes: string[][] = [];
  const sign = <T>(t: T) => ((t as unknown as Transaction).partialSign(owner), t);
  Object.assign(port, {
    publicKey: owner.publicKey.toBase58(),
    signAndSendAll: async (txs: Transaction[]) => {
      const amounts = txs.map(amountOf);
      calls.push({ op: 'signAndSend', amounts });
      blockhashes.push(txs.map((t) => t.recentBlockhash!));
      const refusal = refuse(amounts);
      if (refusal) throw refusal;
      return txs.map((t) => bs58.encode(sign(t).signature!));
    },
    signMessage: async (m: Uint8Array) => m,
  });
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
  return { port, calls, blockhashes };
}

/** A chain where the transactions whose amount is in `expiredOnce` miss their first blockhash. */
export function chain(expiredOnce: number[] = []) {
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

export const SEND = { preflightCommitment: 'confirmed', commitment: 'confirmed', unconfirmed: 'fail' } as const;
export const never = () => new Promise<void>(() => undefined);

export function request(
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
