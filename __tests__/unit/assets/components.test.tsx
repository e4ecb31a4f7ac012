// The wallet assets screen's parts (docs/PRODUCT.md#assets-screen, #selected-assets-panel) on a real store: cards, bulk mode, the Selected Assets panel.
import { addListener } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { makeStore, type RootState } from '../../../src/app/store';
import { singleBurnRequested, bulkNftBurnRequested, bulkTokenBurnRequested } from '../../../src/app/events';
import { CnftsSection } from '../../../src/features/trash/cnftSection/CnftsSection';
import { NftsSection } from '../../../src/features/assets/nfts/NftsSection';
import { nftsLoaded, nftsLoadStarted } from '../../../src/features/assets/nfts/nftsSlice';
import { AssetsStatusLine } from '../../../src/features/assets/selection/AssetsStatusLine';
import { SelectedAssetsPanel } from '../../../src/features/assets/selection/SelectedAssetsPanel';
import { bulkModeSet } from '../../../src/features/assets/selection/selectionSlice';
import { LazyAssetGrid } from '../../../src/features/assets/selection/lazyAssetGrid';
import { TokensSection } from '../../../src/features/assets/tokens/TokensSection';
import type { Token } from '../../../src/features/assets/tokens/tokenModel';
import { tokensLoaded, tokensLoadStarted } from '../../../src/features/assets/tokens/tokensSlice';
import { ASSETS_SCREEN } from '../../../src/common/texts';
import type { Cnft, Nft } from '../../../src/features/assets/nfts/nftModel';

const W = 'Wa11et1111111111111111111111111111111111111';
const token = (i: number, extra: Partial<Token> = {}): Token => ({
  mint: `Mint${i}`.padEnd(44, 'x'),
  balance: String(1234567 * (i + 1)),
  decimals: 6,
  account: `Acc${i}`,
  symbol: `T${i}`,
  name: `Token number ${i}`,
  logoURI: `/icons/${i}.png`,
  metadataUri: null,
  hasMetadata: true,
  ...extra,
});
const nft = (i: number): Nft => ({
  mint: `Nft${i}`.padEnd(44, 'y'),
  name: `Ape #${i}`,
  image: `/img/${i}.png`,
  collection: 'Apes',
  tokenAddress: `T${i}`,
  metadataAddress: null,
});
const cnft = (i: number): Cnft => ({
  mint: `Cnft${i}`.padEnd(44, 'z'),
  name: `Leaf #${i}`,
  image: `/leaf/${i}.png`,
  collection: 'Trees',
});

// The grid is a lazy chunk in the page (loaded as the connected screen mounts); here it is loaded once up front.
beforeAll(() => LazyAssetGrid.preload());

function Screen() {
  return (
    <>
      <SelectedAssetsPanel />
      <AssetsStatusLine />
      <TokensSection />
      <NftsSection />
      <CnftsSection />
    </>
  );
}

function renderWithStore(
  ui: ReactElement,
  fill?: { tokens?: Token[]; nfts?: Nft[]; cnfts?: Cnft[]; preloaded?: Partial<RootState> },
) {
  const store = makeStore(fill?.preloaded);
  const seen: string[] = [];
  store.dispatch(addListener({ predicate: () => true, effect: (a) => void seen.push(a.type) }));
  if (fill) {
    store.dispatch(tokensLoadStarted({ wallet: W }));
    store.dispatch(tokensLoaded({ wallet: W, tokens: fill.tokens ?? [], source: 'server' }));
    store.dispatch(nftsLoadStarted({ wallet: W }));
    store.dispatch(nftsLoaded({ wallet: W, nfts: fill.nfts ?? [], cnfts: fill.cnfts ?? [], source: 'combined' }));
  }
  return { store, seen, ...render(<Provider store={store}>{ui}</Provider>) };
}

it("shows 'Loading...' while loading and the three empty texts once loaded", () => {
  const { store } = renderWithStore(<Screen />);
  act(() => {
    store.dispatch(tokensLoadStarted({ wallet: W }));
    store.dispatch(nftsLoadStarted({ wallet: W }));
  });
  expect(screen.getAllByText('Loading...')).toHaveLength(3);
  act(() => {
    store.dispatch(tokensLoaded({ wallet: W, tokens: [], source: 'server' }));
    store.dispatch(nftsLoaded({ wallet: W, nfts: [], cnfts: [], source: 'combined' }));
  });
  expect(screen.queryByText('Loading...')).toBeNull();
  expect(screen.getByText('No tokens found in this wallet')).toBeInTheDocument();
  expect(screen.getByText('No NFTs found in this wallet')).toBeInTheDocument();
  expect(screen.getByText('No compressed NFTs found in this wallet')).toBeInTheDocument();
  expect(screen.getByText('Click on any asset to select it...')).toBeInTheDocument();
});

it('token cards show icon, symbol, name and the formatted balance', () => {
  renderWithStore(<Screen />, { tokens: [token(0), token(1, { balance: '5', decimals: 9, logoURI: '' })] });
  const cards = screen.getAllByTestId('token-card');
  expect(cards.map((c) => within(c).getByTestId('token-symbol').textContent)).toEqual(['T0', 'T1']);
  expect(within(cards[0]).getByTestId('token-name')).toHaveTextContent('Token number 0');
  expect(within(cards[0]).getByTestId('token-balance')).toHaveTextContent('1.2346');
  expect(within(cards[1]).getByTestId('token-balance')).toHaveTextContent('0.00000001');
  expect(within(cards[0]).getByRole('img')).toHaveAttribute('src', '/icons/0.png');
  expect(within(cards[1]).getByRole('img')).toHaveAttribute('src', '/static/default-token.svg');
});

it('remote pictures load through this server (/api/image), never from their host (PRODUCT difference 16)', () => {
  renderWithStore(<Screen />, {
    tokens: [token(0, { logoURI: 'https://cdn.example/t.png' })],
    nfts: [{ ...nft(0), image: 'https://arweave.net/n' }],
  });
  expect(within(screen.getByTestId('token-card')).getByRole('img')).toHaveAttribute(
    'src',
    '/api/image?url=https%3A%2F%2Fcdn.example%2Ft.png',
  );
  const nftImage = within(screen.getByTestId('nft-card')).getByRole('img');
  expect(nftImage).toHaveAttribute('src', '/api/image?url=https%3A%2F%2Farweave.net%2Fn');
  fireEvent.error(nftImage); // the proxy refused it: the default picture
  expect(nftImage).toHaveAttribute('src', '/static/default-nft.svg');
});

it('a failed image shows the default picture', () => {
  renderWithStore(<Screen />, { tokens: [token(0)], nfts: [nft(0)] });
  const nftImage = within(screen.getByTestId('nft-card')).getByRole('img');
  fireEvent.error(nftImage);
  expect(nftImage).toHaveAttribute('src', '/static/default-nft.svg');
  const tokenImage = within(screen.getByTestId('token-card')).getByRole('img');
  fireEvent.error(tokenImage);
  expect(tokenImage).toHaveAttribute('src', '/static/default-token.svg');
});

it('bulk mode ON: clicking cards (and NFT checkboxes) selects; the panel counts and its buttons dispatch the bulk burns', () => {
  const { store, seen } = renderWithStore(<Screen />, {
    tokens: [token(0), token(1)],
    nfts: [nft(0)],
    cnfts: [cnft(0)],
  });
  expect(screen.queryByRole('button', { name: 'Burn' })).toBeNull();
  expect(screen.queryByText(ASSETS_SCREEN.cnftBadge)).toBeNull();
  const panel = screen.getByTestId('selected-assets-panel');
  expect(within(panel).getByRole('button', { name: 'Burn Selected Tokens' })).toBeDisabled();
  fireEvent.click(screen.getAllByTestId('token-card')[1]);
  fireEvent.click(within(screen.getByTestId('nft-card')).getByRole('checkbox'));
  fireEvent.click(screen.getByTestId('cnft-card'));
  expect(store.getState().selection).toMatchObject({
    tokens: [token(1).mint],
    nfts: [nft(0).mint],
    cnfts: [cnft(0).mint],
  });
  expect(within(panel).getByTestId('selected-count')).toHaveTextContent('3 selected');
  expect(within(panel).getByText(ASSETS_SCREEN.cnftsSelectedNote)).toBeInTheDocument();
  expect(within(screen.getByTestId('nft-card')).getByRole('checkbox')).toBeChecked();
  fireEvent.click(within(panel).getByRole('button', { name: 'Burn Selected Tokens' }));
  expect(seen).toContain(bulkTokenBurnRequested.type);
  fireEvent.click(screen.getAllByTestId('token-card')[1]); // toggles off again
  expect(store.getState().selection.tokens).toEqual([]);
  act(() => void store.dispatch({ type: 'burn/burnFailed', payload: { name: 'X', message: 'x' } }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Burn Selected NFTs' }));
  expect(seen).toContain(bulkNftBurnRequested.type);
});

it('bulk mode OFF: Burn buttons on token and NFT cards, View Only on cNFTs, selections cleared, clicks do not select', () => {
  const { store, seen } = renderWithStore(<Screen />, { tokens: [token(0)], nfts: [nft(0)], cnfts: [cnft(0)] });
  fireEvent.click(screen.getByTestId('token-card'));
  expect(store.getState().selection.tokens).toHaveLength(1);
  act(() => void store.dispatch(bulkModeSet(false)));
  expect(store.getState().selection).toMatchObject({ tokens: [], nfts: [], cnfts: [] });
  expect(within(screen.getByTestId('cnft-card')).getByText(ASSETS_SCREEN.cnftBadge)).toBeInTheDocument(); // not 'View Only' beside Trash/Burn
  expect(screen.queryByRole('checkbox')).toBeNull();
  fireEvent.click(screen.getByTestId('cnft-card'));
  expect(store.getState().selection.cnfts).toEqual([]);
  fireEvent.click(within(screen.getByTestId('nft-card')).getByRole('button', { name: 'Burn' }));
  expect(seen.filter((t) => t === singleBurnRequested.type)).toHaveLength(1);
  expect(store.getState().burn.target).toEqual({ kind: 'nft', mint: nft(0).mint });
});

it('the status line shows the loading errors', () => {
  const { store } = renderWithStore(<Screen />);
  act(() => {
    store.dispatch(tokensLoadStarted({ wallet: W }));
    store.dispatch(tokensLoaded({ wallet: W, tokens: [], source: 'none', error: 'Error fetching tokens: RPC down' }));
  });
  expect(screen.getByRole('alert')).toHaveTextContent('Error fetching tokens: RPC down');
});

it('hidden cNFTs are not shown', () => {
  renderWithStore(<Screen />, { cnfts: [cnft(0), cnft(1)], preloaded: { hiddenAssets: { ids: [cnft(1).mint] } } });
  expect(screen.getAllByTestId('cnft-card').map((c) => c.textContent)).toEqual([expect.stringContaining('Leaf #0')]);
});

it('large wallets render only the rows on screen', () => {
  const tokens = Array.from({ length: 1000 }, (_, i) => token(i));
  const cnfts = Array.from({ length: 1000 }, (_, i) => cnft(i));
  renderWithStore(<Screen />, { tokens, nfts: Array.from({ length: 300 }, (_, i) => nft(i)), cnfts });
  expect(screen.getByTestId('tokens-section-count')).toHaveTextContent('1000');
  expect(screen.getByTestId('nfts-section-count')).toHaveTextContent('300');
  expect(screen.getByTestId('cnfts-section-count')).toHaveTextContent('1000');
  const rendered =
    screen.getAllByTestId('token-card').length +
    screen.getAllByTestId('nft-card').length +
    screen.getAllByTestId('cnft-card').length;
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(200);
});
