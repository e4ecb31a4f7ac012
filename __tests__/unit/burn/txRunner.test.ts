// The runner's signing limit and the texts a failed signing turns into (spec §8.3, §9: 120 s).
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { SIGNING_TIMEOUT_MS } from '../../../src/common/constants';
import { BURN_ERRORS } from '../../../src/common/texts';
import { BulkBuildError, burnFailureText, isExpiredError, SigningFailedError } from '../../../src/features/burn/burnErrors';
import { signWithin, type RunnerDeps } from '../../../src/features/burn/txRunner';

const owner = Keypair.generate();
const tx = () =>
  new Transaction({ feePayer: owner.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: owner.publicKey, lamports: 1 }),
  );

function deps(wallet: RunnerDeps['wallet'], delays: number[] = []): RunnerDeps {
  return { connection: {} as RunnerDeps['connection'], wallet, delay: (ms) => (delays.push(ms), Promise.resolve()) };
}

describe('signWithin', () => {
  it('gives up after the 120 s limit and the burn reads as cancelled', async () => {
    const delays: number[] = [];
    const never = { publicKey: owner.publicKey.toBase58(), signTransaction: () => new Promise<never>(() => undefined) };
    const err = await signWithin(deps(never, delays), [tx()]).catch((e) => e);
    expect(delays).toEqual([SIGNING_TIMEOUT_MS]);
    expect(err).toBeInstanceOf(SigningFailedError);
    expect(burnFailureText(err, 'burnToken')).toBe(BURN_ERRORS.cancelledToken);
    expect(burnFailureText(err, 'bulkTokens')).toBe(BURN_ERRORS.cancelledBulk);
  });

  it('asks once for all transactions when the wallet can, else one by one', async () => {
    const calls: string[] = [];
    const wallet = {
      publicKey: owner.publicKey.toBase58(),
      signTransaction: async <T,>(t: T) => (calls.push('one'), t),
      signAllTransactions: async <T,>(ts: T[]) => (calls.push(`all:${ts.length}`), ts),
    };
    const slow = () => new Promise<void>(() => undefined);
    await signWithin({ ...deps(wallet), delay: slow }, [tx(), tx(), tx()]);
    await signWithin({ ...deps(wallet), delay: slow }, [tx()]);
    await signWithin({ ...deps({ ...wallet, signAllTransactions: undefined }), delay: slow }, [tx(), tx()]);
    expect(calls).toEqual(['all:3', 'one', 'one', 'one']);
  });

  it('maps what a wallet throws to the §8.3 texts', () => {
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    expect(burnFailureText(new SigningFailedError(named('WalletSignTransactionError', 'User rejected the request.')), 'burnNft')).toBe(BURN_ERRORS.cancelledNft);
    expect(burnFailureText(new SigningFailedError(named('WalletSignTransactionError', 'Unexpected error')), 'burnToken')).toBe(BURN_ERRORS.walletConnection);
    expect(burnFailureText(new SigningFailedError(new Error('ledger locked')), 'burnToken')).toBe('Error in transaction signing: ledger locked');
    expect(burnFailureText(new BulkBuildError(new Error('boom')), 'bulkTokens')).toBe('Error in bulk burn operation: boom');
    expect(burnFailureText(new Error('Transaction simulation failed: insufficient lamports'), 'burnToken')).toBe(BURN_ERRORS.feeIssue);
    expect(isExpiredError(new Error('Blockhash not found'))).toBe(true);
    expect(isExpiredError(new SigningFailedError(new Error('blockhash')))).toBe(false);
  });
});
