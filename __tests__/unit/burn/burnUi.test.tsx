// The burn state machine, the status line with its 'View transaction' link, and the celebration (reduced motion).
import { act, screen } from '@testing-library/react';
import { BURN_ERRORS, SUCCESS, VALIDATION } from '../../../src/common/texts';
import { BurnStatusMessage } from '../../../src/features/burn/burn/BurnStatusMessage';
import burnSlice, {
  burnFailed,
  burnMessageCleared,
  burnStepReached,
  burnSucceeded,
  initialState,
} from '../../../src/features/burn/burn/burnSlice';
import { CelebrationLayer } from '../../../src/features/activity/celebration/CelebrationLayer';
import { celebrationTriggered } from '../../../src/features/activity/celebration/celebrationSlice';
import { singleBurnRequested, walletDisconnected } from '../../../src/app/events';
import { renderWithProviders } from '../../support/renderWithProviders';

const reduce = burnSlice.reducer;
const SIG = '5'.repeat(88);
const result = { kind: 'token' as const, mints: ['m'], signatures: [SIG], lamportsRecovered: 2_039_280 };

describe('burn state machine', () => {
  it('runs idle → building → awaitingSignature → sending → confirming → done and ignores what does not fit', () => {
    let s = reduce(undefined, { type: 'init' });
    expect(s.status).toBe('idle');
    s = reduce(s, burnStepReached('sending')); // not running: ignored
    expect(s.status).toBe('idle');
    s = reduce(s, singleBurnRequested({ kind: 'token', mint: 'm' }));
    expect(s).toMatchObject({ status: 'building', busy: true, mode: 'single', target: { kind: 'token', mint: 'm' } });
    const again = reduce(s, singleBurnRequested({ kind: 'nft', mint: 'x' })); // re-entry blocked
    expect(again.target).toEqual({ kind: 'token', mint: 'm' });
    for (const step of ['awaitingSignature', 'sending', 'confirming'] as const) s = reduce(s, burnStepReached(step));
    expect(s.status).toBe('confirming');
    s = reduce(s, burnSucceeded({ result, message: { kind: 'success', text: 'ok', signature: SIG } }));
    expect(s).toMatchObject({ status: 'done', busy: false, lastResult: result });
    expect(reduce(s, burnFailed({ name: 'E', message: 'late' })).status).toBe('done'); // after the fact: ignored
    const id = s.message!.id!;
    expect(reduce(s, burnMessageCleared(id + 1)).message).not.toBeNull(); // another message's clear
    expect(reduce(s, burnMessageCleared(id))).toMatchObject({ message: null, status: 'idle' });
    expect(reduce(s, walletDisconnected()).status).toBe('idle');
  });

  it('a failure keeps the flow’s error and frees the busy flag', () => {
    let s = reduce(undefined, singleBurnRequested({ kind: 'token', mint: 'm' }));
    s = reduce(s, burnFailed({ name: 'WalletSignTransactionError', message: BURN_ERRORS.cancelledToken }));
    expect(s).toMatchObject({
      status: 'failed',
      busy: false,
      message: { kind: 'error', text: BURN_ERRORS.cancelledToken },
    });
  });
});

describe('status line and celebration', () => {
  it('a burn without a wallet says so (the real listener runs)', async () => {
    const { store } = renderWithProviders(<BurnStatusMessage />);
    act(() => {
      store.dispatch(singleBurnRequested({ kind: 'token', mint: 'm' }));
    });
    expect(await screen.findByText(VALIDATION.walletRequiredTokens)).toBeInTheDocument();
  });

  it('shows the success text with a View transaction link to the explorer', () => {
    const { store } = renderWithProviders(<BurnStatusMessage />, {
      preloadedState: { burn: { ...initialState, status: 'confirming', busy: true, mode: 'single' } },
    });
    expect(screen.getByTestId('burn-status')).toHaveAttribute('data-status', 'confirming');
    act(() => {
      store.dispatch(burnSucceeded({ result, message: { kind: 'success', text: 'Burned BONK.', signature: SIG } }));
    });
    expect(screen.getByTestId('burn-message')).toHaveTextContent('Burned BONK.');
    expect(screen.getByRole('link', { name: SUCCESS.viewTransaction })).toHaveAttribute(
      'href',
      expect.stringContaining(`/tx/${SIG}`),
    );
    // The line and its link stay (no timer) until Dismiss.
    act(() => {
      screen.getByRole('button', { name: SUCCESS.dismiss }).click();
    });
    expect(screen.queryByTestId('burn-status')).toBeNull();
  });

  it('plays the achievement without motion when the user prefers reduced motion', () => {
    const matchMedia = jest.fn().mockReturnValue({ matches: true });
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    const { store } = renderWithProviders(<CelebrationLayer />);
    act(() => {
      store.dispatch(celebrationTriggered({ title: 'Token burned', description: 'BONK', lamports: 2_039_280 }));
    });
    expect(screen.getByTestId('celebration')).toHaveClass('celebration-still');
    expect(screen.getByText('+0.0020 SOL')).toBeInTheDocument();
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  });
});
