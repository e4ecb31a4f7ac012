import { errorDetail } from '../../../src/chain/classifyError';
import { classifyError } from '../../../src/common/classifyError';
import { TransactionGuardError } from '../../../src/chain/guard';
import { BURN_ERRORS, CNFT_ERRORS, CNFT_OUTCOMES, GUARD, VACANT_ERRORS } from '../../../src/common/texts';

class WalletSignTransactionError extends Error {
  name = 'WalletSignTransactionError';
  constructor(
    message: string,
    public error?: unknown,
  ) {
    super(message);
  }
}

describe('classifyError: vacant burn (docs/PRODUCT.md#error-texts)', () => {
  it.each([
    [new Error('User rejected the request.'), VACANT_ERRORS.cancelled],
    [{ code: 4001, message: 'x' }, VACANT_ERRORS.cancelled],
    [new Error('Transaction cancelled'), VACANT_ERRORS.cancelled],
    [
      new Error('Attempt to debit an account but found no record of a prior credit. insufficient funds for fee'),
      VACANT_ERRORS.insufficientFunds,
    ],
    [new Error('Blockhash not found'), VACANT_ERRORS.expired],
    [new Error('boom'), 'Failed to burn vacant accounts: boom'],
    [{}, VACANT_ERRORS.unknown],
  ])('%p → %s', (err, text) => {
    expect(classifyError(err, 'vacant').message).toBe(text);
  });
});

describe('classifyError: token and NFT burns (docs/PRODUCT.md#error-texts)', () => {
  it('time-out, cancel or reject read as cancelled, per flow', () => {
    expect(classifyError(new Error('Signing timed out'), 'burnToken').message).toBe(BURN_ERRORS.cancelledToken);
    expect(classifyError(new WalletSignTransactionError('User rejected the request.'), 'burnNft').message).toBe(
      BURN_ERRORS.cancelledNft,
    );
    expect(classifyError({ code: 4001 }, 'bulkTokens')).toMatchObject({
      kind: 'cancelled',
      message: BURN_ERRORS.cancelledBulk,
    });
  });
  it('fee-related failures', () => {
    for (const m of [
      'insufficient lamports',
      'custom program error: 0x1',
      'Insufficient balance',
      'not enough funds',
    ]) {
      expect(classifyError(new Error(m), 'burnToken').message).toBe(BURN_ERRORS.feeIssue);
    }
    expect(classifyError(new Error('custom program error: 0x11'), 'burnToken').message).toBe(
      'Error burning token: custom program error: 0x11',
    );
  });
  it('wallet, connection or adapter errors', () => {
    expect(classifyError(new WalletSignTransactionError('Unexpected error'), 'burnNft').message).toBe(
      BURN_ERRORS.walletConnection,
    );
    expect(classifyError(new Error('WalletNotConnectedError'), 'burnToken').message).toBe(BURN_ERRORS.walletConnection);
  });
  it('a rejection wrapped in an adapter error stays a cancellation', () => {
    const err = new WalletSignTransactionError('Unexpected error', { code: 4001, message: 'User rejected' });
    expect(classifyError(err, 'burnToken').kind).toBe('cancelled');
  });
  it('otherwise the flow prefix with the detail', () => {
    expect(classifyError(new Error('x'), 'burnToken').message).toBe('Error burning token: x');
    expect(classifyError(new Error('x'), 'burnNft').message).toBe('Error burning NFT: x');
    expect(classifyError(new Error('x'), 'bulkTokens').message).toBe('Error burning tokens: x');
  });
});

describe('classifyError: cNFT (docs/PRODUCT.md#error-texts)', () => {
  it.each([
    [new Error('User declined'), CNFT_ERRORS.cancelledByUser],
    [new Error('429 Too Many Requests'), CNFT_ERRORS.rateLimited],
    [new Error('Request timeout'), CNFT_ERRORS.timeout],
    [new Error('Failed to fetch'), CNFT_ERRORS.timeout],
    [new Error('Invalid root recomputed from proof'), CNFT_ERRORS.proofVerificationFailed],
    [new Error('weird'), 'weird'],
    [null, CNFT_ERRORS.unexpected],
  ])('%p → %s', (err, text) => {
    expect(classifyError(err, 'cnft').message).toBe(text);
  });
});

it('a send that was not confirmed in time is "submitted, check explorer", not a cancellation', () => {
  const err = new Error('Transaction was not confirmed in 30.00 seconds. It is unknown if it succeeded or failed.');
  err.name = 'TransactionExpiredTimeoutError';
  for (const flow of ['vacant', 'burnToken', 'cnft'] as const) {
    expect(classifyError(err, flow)).toMatchObject({ kind: 'unconfirmed', message: CNFT_OUTCOMES.assumedSuccess });
  }
  const expired = new Error('Signature abc has expired: block height exceeded.');
  expect(classifyError(expired, 'burnToken').kind).toBe('expired');
});

it('a guard refusal keeps its own text in every flow', () => {
  const err = new TransactionGuardError('close pays someone else');
  for (const flow of ['vacant', 'burnToken', 'cnft'] as const) {
    expect(classifyError(err, flow)).toMatchObject({ kind: 'guard', message: GUARD.mismatch });
  }
});

it('errorDetail reads strings, errors, RPC errors and causes', () => {
  expect(errorDetail('plain')).toBe('plain');
  expect(errorDetail({ error: 'server said no' })).toBe('server said no');
  expect(errorDetail({ code: -32002 })).toBe('code -32002');
  expect(errorDetail({ cause: new Error('inner') })).toBe('inner');
});
