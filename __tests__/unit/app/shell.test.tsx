// The page shell: fallback screen (docs/PRODUCT.md#fallback-screen), connect prompt, the connected screen's parts in the spec's order,
// and the bulk-mode switch. Real store, real wallet-adapter providers (no wallets).
import { WalletProvider } from '@solana/wallet-adapter-react';
import { WalletModalProvider } from '@solana/wallet-adapter-react-ui';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AssetsScreen } from '../../../src/features/shell/shell/AssetsScreen';
import { ErrorBoundary } from '../../../src/features/shell/shell/ErrorBoundary';
import { Header } from '../../../src/features/shell/shell/Header';
import { walletConnected } from '../../../src/app/events';
import { makeStore } from '../../../src/app/store';
import { renderWithProviders } from '../../support/renderWithProviders';
import { ASSETS } from '../../../src/common/texts';

const W = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const Wallets = ({ children }: { children: ReactNode }) => (
  <WalletProvider wallets={[]}>
    <WalletModalProvider>{children}</WalletModalProvider>
  </WalletProvider>
);

function Boom(): never {
  throw new TypeError('kaboom');
}

test('the brand header shows the name and the slogan', () => {
  renderWithProviders(<Header />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('SolBack');
  expect(screen.getByText('helping you get your sol back')).toBeInTheDocument();
});

test('a render failure shows the fallback screen with technical details and a refresh button', async () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const onRefresh = jest.fn();
  const { user } = renderWithProviders(
    <ErrorBoundary onRefresh={onRefresh}>
      <Boom />
    </ErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(screen.getByText('Technical details')).toBeInTheDocument();
  expect(screen.getByText(/TypeError: kaboom/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Refresh Page' }));
  expect(onRefresh).toHaveBeenCalledTimes(1);
  spy.mockRestore();
});

test('not connected: logo, heading and the connect button', () => {
  renderWithProviders(
    <Wallets>
      <AssetsScreen />
    </Wallets>,
  );
  expect(screen.getByRole('heading', { name: 'Connect Wallet to View Assets' })).toBeInTheDocument();
  expect(screen.getByAltText(ASSETS.logoAlt)).toHaveAttribute('src', '/static/logo.svg');
  expect(screen.getByRole('button', { name: 'Select Wallet' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Your Wallet Assets' })).toBeNull();
});

test('connected: heading, bulk switch on, then the parts in the order of docs/PRODUCT.md#assets-screen', async () => {
  const store = makeStore();
  store.dispatch(walletConnected({ publicKey: W }));
  const { user } = renderWithProviders(
    <Wallets>
      <AssetsScreen />
    </Wallets>,
    { store },
  );
  expect(screen.getByRole('heading', { name: 'Your Wallet Assets' })).toBeInTheDocument();
  const toggle = screen.getByRole('switch', { name: 'Bulk Select Mode' });
  expect(toggle).toBeChecked();

  const order = [
    'rent-card',
    'activity-panel',
    'selected-assets-panel',
    'status-line',
    'tokens-section',
    'nfts-section',
    'cnfts-section',
  ];
  const found = Array.from(document.querySelectorAll('[data-testid]'))
    .map((el) => el.getAttribute('data-testid'))
    .filter((id): id is string => order.includes(id ?? ''));
  expect(found).toEqual(order);

  await user.click(toggle);
  expect(store.getState().selection.bulkMode).toBe(false);
  expect(toggle).not.toBeChecked();
});
