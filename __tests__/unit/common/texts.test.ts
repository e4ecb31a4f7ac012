import * as constants from '../../../src/common/constants';
import {
  BURN_ERRORS,
  GUARD,
  allTrashMethodsFailed,
  batchLimitFromServer,
  defaultNftName,
  defaultTokenName,
  defaultTokenSymbol,
  invalidPrivateKey,
  queueAuthorizeMessage,
  transferFailed,
  vacantBurnFailed,
} from '../../../src/common/texts';

describe('text catalogue', () => {
  it('fills placeholders exactly as the spec words them', () => {
    expect(batchLimitFromServer('Too many NFTs.', 5)).toBe('Too many NFTs. Please select 5 or fewer NFTs.');
    expect(invalidPrivateKey('bad secret key size')).toBe('Invalid private key: bad secret key size');
    expect(queueAuthorizeMessage('q1')).toBe('Authorize cNFT queue transfer: q1');
    expect(vacantBurnFailed('x')).toBe('Failed to burn vacant accounts: x');
    expect(allTrashMethodsFailed(['a', 'b'])).toBe('All trash methods failed: a; b');
    expect(transferFailed(true)).toBe('Transfer failed');
    expect(transferFailed(false)).toBe(
      'Transfer failed Blockchain data might be temporarily unavailable. Please try again in a few minutes.',
    );
  });
  it('derives default names from the mint (docs/PRODUCT.md#data-and-defaults)', () => {
    const mint = 'F4gVCVwSLB1UHF8FKRrxRnWdG5XMLgwMZzQTJkVSJ1wK';
    expect(defaultTokenSymbol(mint)).toBe('F4gV');
    expect(defaultTokenName(mint)).toBe('Token F4gVCVwS');
    expect(defaultNftName(mint)).toBe('NFT F4gVCV');
  });
  it('keeps the apostrophe and the texts of our own differences', () => {
    expect(BURN_ERRORS.feeIssue).toContain("We've updated the app");
    expect(GUARD.mismatch).toBe('This transaction does not match what you asked for. Nothing was signed.');
  });
});

describe('constants (docs/PRODUCT.md#figures-and-limits)', () => {
  it('matches the spec numbers', () => {
    expect(constants.SERVICE_FEE_BPS / constants.BASIS_POINTS_DENOMINATOR).toBe(0.01);
    expect(constants.DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS).toBe((165 + 128) * 6960);
    expect(constants.NFT_FULL_BURN_RENT_LAMPORTS).toBe(10_509_600);
    expect(constants.NFT_BURN_ASSUMED_RENT_LAMPORTS).toBe(7_700_000);
    expect(constants.BULK_TOKEN_BURN_PER_TRANSACTION).toBe(8);
    expect(constants.MAX_PROOF_NODES).toBe(12);
    expect(constants.TRANSACTION_SIZE_LIMIT_BYTES).toBe(1232);
    expect(constants.CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(constants.ACTIVITY_RECENT_WINDOW_MS).toBe(86_400_000);
  });
});
