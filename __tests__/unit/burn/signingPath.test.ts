// The signing path's limit and approvals, and the texts its error family turns into (docs/PRODUCT.md#error-texts, #figures-and-limits: 120 s).
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { SIGNING_TIMEOUT_MS } from '../../../src/common/constants';
import { BURN_ERRORS, VACANT_ERRORS } from '../../../src/common/texts';
import { BulkBuildError, burnFailureText } from '../../../src/features/burn/burn/burnErrors';
import { signAndSend, signWithinLimit, type SigningDeps } from '../../../src/features/wallet/wallet/signing';
import { guardStep, submitToServer } from '../../../src/features/wallet/wallet/signingSteps';
import {
  BlockhashExpiredError,
  GuardRefusedError,
  SendFailedError,
  SigningFailedError,
  SigningPathError,
  SigningRejectedError,
  SigningTimedOutError,
  fromSendError,
  fromWalletError,
} from '../../../src/features/wallet/wallet/signingErrors';

const owner = Keypair.generate();
const tx = () =>
  new Transaction({ feePayer: owner.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: owner.publicKey, lamports: 1 }),
  );

function deps(wallet: SigningDeps['wallet'], delays: number[] = []): SigningDeps {
  return { wallet, delay: (ms) => (delays.push(ms), Promise.resolve()) };
}

describe('signWithinLimit', () => {
  it('gives up after the 120 s limit and the burn reads as cancelled', async () => {
    const delays: number[] = [];
    const never = { publicKey: owner.publicKey.toBase58(), signTransaction: () => new Promise<never>(() => undefined) };
    const err = await signWithinLimit(deps(never, delays), [tx()]).catch((e: unknown) => e);
    expect(delays).toEqual([SIGNING_TIMEOUT_MS]);
    expect(err).toBeInstanceOf(SigningTimedOutError);
    expect(err).toBeInstanceOf(SigningPathError);
    expect(burnFailureText(err, 'burnToken')).toBe(BURN_ERRORS.cancelledToken);
    expect(burnFailureText(err, 'bulkTokens')).toBe(BURN_ERRORS.cancelledBulk);
  });

  it('asks once for all transactions when the wallet can, else one by one', async () => {
    const calls: string[] = [];
    const wallet = {
      publicKey: owner.publicKey.toBase58(),
      signTransaction: async <T>(t: T) => (calls.push('one'), t),
      signAllTransactions: async <T>(ts: T[]) => (calls.push(`all:${ts.length}`), ts),
    };
    const slow = () => new Promise<void>(() => undefined);
    await signWithinLimit({ ...deps(wallet), delay: slow }, [tx(), tx(), tx()]);
    await signWithinLimit({ ...deps(wallet), delay: slow }, [tx()]);
    await signWithinLimit({ ...deps({ ...wallet, signAllTransactions: undefined }), delay: slow }, [tx(), tx()]);
    expect(calls).toEqual(['all:3', 'one', 'one', 'one']);
  });

  it('a rejection becomes SigningRejectedError and keeps what the wallet threw as cause', async () => {
    const thrown = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    const wallet = { publicKey: owner.publicKey.toBase58(), signTransaction: async () => Promise.reject(thrown) };
    const err = (await signWithinLimit({ ...deps(wallet), delay: () => new Promise<void>(() => undefined) }, [
      tx(),
    ]).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(SigningRejectedError);
    expect(err.cause).toBe(thrown);
    expect(err.name).toBe('SigningRejectedError');
  });
});

it('maps what a wallet or a node throws to the family, and the family to the docs/PRODUCT.md#error-texts texts', () => {
  const named = (name: string, message: string) => Object.assign(new Error(message), { name });
  expect(
    burnFailureText(fromWalletError(named('WalletSignTransactionError', 'User rejected the request.')), 'burnNft'),
  ).toBe(BURN_ERRORS.cancelledNft);
  expect(fromWalletError(named('WalletSignTransactionError', 'Unexpected error'))).toBeInstanceOf(SigningFailedError);
  expect(burnFailureText(fromWalletError(named('WalletSignTransactionError', 'Unexpected error')), 'burnToken')).toBe(
    BURN_ERRORS.walletConnection,
  );
  expect(burnFailureText(fromWalletError(new Error('ledger locked')), 'burnToken')).toBe(
    'Error in transaction signing: ledger locked',
  );
  expect(burnFailureText(new BulkBuildError(undefined, new Error('boom')), 'bulkTokens')).toBe(
    'Error in bulk burn operation: boom',
  );
  expect(
    burnFailureText(fromSendError(new Error('Transaction simulation failed: insufficient lamports')), 'burnToken'),
  ).toBe(BURN_ERRORS.feeIssue);
  expect(fromSendError(new Error('Blockhash not found'))).toBeInstanceOf(BlockhashExpiredError);
  expect(burnFailureText(fromSendError(new Error('Blockhash not found')), 'burnToken')).toBe(VACANT_ERRORS.expired);
  expect(fromWalletError(new Error('blockhash'))).toBeInstanceOf(SigningFailedError); // a wallet error is never an expiry
});

describe('signAndSend (the steps other flows plug in)', () => {
  const wallet = () => {
    const asked: number[] = [];
    return {
      asked,
      port: {
        publicKey: owner.publicKey.toBase58(),
        signTransaction: async <T>(t: T) => (asked.push(1), (t as unknown as Transaction).partialSign(owner), t),
      },
    };
  };
  const hashes = () => {
    let n = 0;
    return {
      getLatestBlockhash: async () => ({
        blockhash: Keypair.generate().publicKey.toBase58(),
        lastValidBlockHeight: ++n,
      }),
    };
  };
  const never = () => new Promise<void>(() => undefined);

  it('a guard that refuses stops before the wallet is asked; a foreign error from it becomes GuardRefusedError', async () => {
    const w = wallet();
    const base = { blockhash: 'fresh' as const, build: async () => [tx()], send: async () => 'sent' };
    const refused = await signAndSend(
      { wallet: w.port, delay: never, connection: hashes() },
      { ...base, guard: guardStep({ owner: owner.publicKey.toBase58(), kind: 'burnTokens', allowedAccounts: [] }) },
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GuardRefusedError);
    const foreign = await signAndSend(
      { wallet: w.port, delay: never, connection: hashes() },
      {
        ...base,
        guard: async () => {
          throw new Error('simulation failed');
        },
      },
    ).catch((e: unknown) => e);
    expect(foreign).toBeInstanceOf(GuardRefusedError);
    expect((foreign as GuardRefusedError).reason).toBe('simulation failed');
    expect(w.asked).toHaveLength(0);
  });

  it("'fresh': an expiry builds, sets a new blockhash and signs exactly once more; a second expiry is the error", async () => {
    const w = wallet();
    const builds: number[] = [];
    const heights: (number | undefined)[] = [];
    const expired = await signAndSend(
      { wallet: w.port, delay: never, connection: hashes() },
      {
        blockhash: 'fresh',
        build: async (attempt) => (builds.push(attempt), [tx()]),
        guard: async () => undefined,
        send: async (_signed, ctx) => {
          heights.push(ctx.lastValidBlockHeight(_signed[0].recentBlockhash));
          throw new BlockhashExpiredError('Blockhash not found');
        },
      },
    ).catch((e: unknown) => e);
    expect(builds).toEqual([0, 1]);
    expect(heights).toEqual([1, 2]);
    expect(w.asked).toHaveLength(2);
    expect(expired).toBeInstanceOf(BlockhashExpiredError);
  });

  it("'keep' (server-built, sent by the server) never re-signs and keeps the server's blockhash", async () => {
    const w = wallet();
    const t = tx();
    const hash = t.recentBlockhash;
    const failed = await signAndSend(
      { wallet: w.port, delay: never },
      {
        blockhash: 'keep',
        build: async () => [t],
        guard: async () => undefined,
        send: submitToServer(async () => Promise.reject(new Error('Blockhash not found'))),
      },
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SendFailedError);
    expect(w.asked).toHaveLength(1);
    expect(t.recentBlockhash).toBe(hash);
  });
});
