// The decision after a round of server-built recovery transactions: what counts as landed, when the rest is prepared
// again (only after an expiry, within the bound), what may be prepared again, and the rounds' figures as one.
import {
  MAX_REPREPARES,
  addRound,
  roundAnswered,
  roundThrew,
  shouldReprepare,
  stillToClose,
} from '../../../src/features/recover/vacant/continueRecovery';
import {
  BlockhashExpiredError,
  SendFailedError,
  SigningRejectedError,
  SigningStoppedError,
} from '../../../src/features/wallet/wallet';
import type { SubmitBurnTransactionResponse } from '../../../src/common/api';

const landedTwo: SubmitBurnTransactionResponse = {
  success: true,
  signatures: ['s1', 's2'],
  accountCount: 46,
  recoveredRentLamports: 93_432_960,
  serviceFeeLamports: 934_329,
  ownerBalanceChangeLamports: 92_478_631,
  surplusRecoveredLamports: 0,
  surplusAccountCount: 0,
};

describe('which transactions count as landed, and whether the round expired', () => {
  it('a full answer landed everything and does not go on', () => {
    const end = roundAnswered(landedTwo);
    expect(end).toEqual({ landed: landedTwo, expired: false });
    expect(shouldReprepare(0, end)).toBe(false);
  });

  it("the server's partial answer: its signatures landed; an expiry goes on, another failure does not", () => {
    const expired = { ...landedTwo, success: false, error: 'Transaction s3: Blockhash not found' };
    expect(roundAnswered(expired)).toEqual({ landed: expired, expired: true });
    const poor = { ...landedTwo, success: false, error: 'insufficient funds for fee' };
    expect(roundAnswered(poor)).toMatchObject({ landed: poor, expired: false, error: poor });
  });

  it('one at a time ended by an expiry goes on with what was sent; a stop or a decline ends the run', () => {
    const expiry = new SigningStoppedError(2, 9, landedTwo, new BlockhashExpiredError('Blockhash not found'));
    expect(roundThrew(expiry)).toEqual({ landed: landedTwo, expired: true });
    const stop = new SigningStoppedError(2, 9, landedTwo);
    expect(roundThrew(stop)).toMatchObject({ landed: landedTwo, expired: false, error: stop });
    const declined = new SigningStoppedError(2, 9, landedTwo, new SigningRejectedError('User rejected'));
    expect(roundThrew(declined).expired).toBe(false);
  });

  it('one request sent only in part carries what landed on the expiry (never dropped)', () => {
    const err = new BlockhashExpiredError(undefined, new Error('Blockhash not found'));
    err.landedPart = landedTwo;
    expect(roundThrew(err)).toEqual({ landed: landedTwo, expired: true });
    expect(roundThrew(new BlockhashExpiredError('Blockhash not found')).landed.signatures).toEqual([]);
  });

  it("a send failure whose server answer says a blockhash ran out keeps that answer's landed part", () => {
    const body = { ...landedTwo, success: false, error: 'block height exceeded' };
    expect(roundThrew(new SendFailedError(undefined, { status: 400, data: body }))).toEqual({
      landed: body,
      expired: true,
    });
  });

  it("the user's rejection of the whole request: nothing landed, nothing goes on", () => {
    const end = roundThrew(new SigningRejectedError('User rejected the request'));
    expect(end.landed.signatures).toEqual([]);
    expect(shouldReprepare(0, end)).toBe(false);
  });
});

describe('the bound', () => {
  it(`prepares again at most ${MAX_REPREPARES} times`, () => {
    const expired = { landed: landedTwo, expired: true };
    const asked = [0, 1, 2, 3, 4, 5].filter((n) => shouldReprepare(n, expired));
    expect(asked).toHaveLength(MAX_REPREPARES);
    expect(Math.max(...asked)).toBe(MAX_REPREPARES - 1);
  });
});

describe('what is prepared again', () => {
  it('only reviewed accounts the chain still lists as vacant, in their order; never a new one', () => {
    expect(stillToClose(['a', 'b', 'c', 'd'], ['d', 'x', 'b'])).toEqual(['b', 'd']);
    expect(stillToClose(['a'], [])).toEqual([]);
  });
});

describe("the rounds' figures as one", () => {
  it('sums every figure and keeps every signature in order', () => {
    const second: SubmitBurnTransactionResponse = {
      success: true,
      signatures: ['s3'],
      accountCount: 4,
      recoveredRentLamports: 8_123_840,
      serviceFeeLamports: 81_238,
      ownerBalanceChangeLamports: 8_027_602,
      surplusRecoveredLamports: 1_000,
      surplusAccountCount: 1,
    };
    expect(addRound(undefined, landedTwo)).toBe(landedTwo);
    expect(addRound(landedTwo, second)).toMatchObject({
      success: true,
      signature: 's1',
      signatures: ['s1', 's2', 's3'],
      accountCount: 50,
      recoveredRentLamports: 101_556_800,
      serviceFeeLamports: 1_015_567,
      ownerBalanceChangeLamports: 100_506_233,
      surplusRecoveredLamports: 1_000,
      surplusAccountCount: 1,
    });
  });
});
