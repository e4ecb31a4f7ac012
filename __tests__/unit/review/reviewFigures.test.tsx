// The review dialog's figures name what comes back truly: a stake's unstaked SOL on its own line (the owner's SOL, not
// rent), claimed rewards on theirs, and a revoke alone shows no "Rent back +0" and says its accounts are revoked, not recovered.
import { act, screen, within } from '@testing-library/react';
import { ASSETS_SCREEN } from '../../../src/common/texts';
import { RECOVERY_SECTION } from '../../../src/common/texts/recoveryTexts';
import { ReviewDialog } from '../../../src/features/burn/review/ReviewDialog';
import { type BurnReview, reviewOpened } from '../../../src/features/burn/review/reviewSlice';
import { renderWithProviders } from '../../support/renderWithProviders';

const base: BurnReview = {
  id: 1,
  destroyed: [],
  valuable: [],
  unwrapped: [],
  rentLamports: 0,
  unwrapLamports: 0,
  serviceFeeLamports: 0,
  networkFeeLamports: 5_000,
  solChangeLamports: -5_000,
  simulatedChangeLamports: -5_000,
  transactions: 1,
};

function open(review: BurnReview) {
  const { store } = renderWithProviders(<ReviewDialog />);
  act(() => {
    store.dispatch(reviewOpened(review));
  });
  return screen.getByTestId('review-dialog');
}

it('a stake withdrawal: the principal apart from the rent, and the rent line holds rent only', () => {
  const dialog = open({
    ...base,
    closed: [{ mint: 'S', label: 'Stake account S' }],
    closedTitle: RECOVERY_SECTION.reviewItems,
    rentLamports: 2_282_880 + 50_000_000,
    principalLamports: 50_000_000,
    serviceFeeLamports: 22_828,
    solChangeLamports: 2_282_880 + 50_000_000 - 22_828 - 5_000,
  });
  expect(within(dialog).getByTestId('review-rent')).toHaveAttribute('data-lamports', '2282880');
  const principal = within(dialog).getByTestId('review-principal');
  expect(principal).toHaveAttribute('data-lamports', '50000000');
  expect(principal).toHaveTextContent(ASSETS_SCREEN.reviewPrincipal);
});

it('Pump rewards: claimed creator fees and cashback on their own line, the rent line holds the rent only', () => {
  const dialog = open({
    ...base,
    closed: [{ mint: 'V', label: 'Pump.fun cashback and volume accumulator V' }],
    closedTitle: RECOVERY_SECTION.reviewItems,
    rentLamports: 1_188_720 + 4_999_920 + 12_540_640,
    rewardsLamports: 4_999_920 + 12_540_640,
    serviceFeeLamports: 187_292,
    solChangeLamports: 1_188_720 + 4_999_920 + 12_540_640 - 187_292 - 5_000,
  });
  expect(within(dialog).getByTestId('review-rent')).toHaveAttribute('data-lamports', '1188720');
  const rewards = within(dialog).getByTestId('review-rewards');
  expect(rewards).toHaveAttribute('data-lamports', '17540560');
  expect(rewards).toHaveTextContent(ASSETS_SCREEN.reviewRewards);
});

it('a revoke alone: no rent line, and the list says revoked', () => {
  const dialog = open({
    ...base,
    closed: [{ mint: 'A', label: 'Token approval A' }],
    closedTitle: RECOVERY_SECTION.reviewRevokes,
  });
  expect(within(dialog).queryByTestId('review-rent')).toBeNull();
  expect(within(dialog).queryByTestId('review-principal')).toBeNull();
  expect(dialog).toHaveTextContent(RECOVERY_SECTION.reviewRevokes);
  expect(dialog).not.toHaveTextContent(RECOVERY_SECTION.reviewItems);
});
