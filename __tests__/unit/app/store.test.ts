// The store factory: every slice present, wallet events, disconnect clearing, persistence of activity and
// hiddenAssets only, and the wallet port reaching listeners through `extra`. A fresh store per test.
import { addListener } from '@reduxjs/toolkit';
import { persistStore, type Persistor } from 'redux-persist';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore, type RootState } from '../../../src/app/store';
import { createAppExtra, type AppExtra } from '../../../src/app/walletPort';
import { activityRecorded } from '../../../src/features/activity/activity/activitySlice';
import { assetsHidden } from '../../../src/features/assets/hiddenAssets/hiddenAssetsSlice';
import {
  assetSelectionToggled,
  bulkModeSet,
  selectSelectedCounts,
} from '../../../src/features/assets/selection/selectionSlice';
import { selectVisibleCnfts } from '../../../src/features/assets/cnfts/cnftsSlice';
import { nftsLoaded, nftsLoadStarted } from '../../../src/features/assets/nfts/nftsSlice';
import { tokensLoaded, tokensLoadStarted } from '../../../src/features/assets/tokens/tokensSlice';
import { walletConnected, walletDisconnected } from '../../../src/app/events';
import { selectWalletAddress } from '../../../src/features/wallet/wallet/walletSlice';
import type { RecordingServer } from '../../support/recordingServer';
import { startRecordingServer } from '../../support/recordingServer';

const W = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const SLICES = [
  'wallet',
  'tokens',
  'nfts',
  'cnfts',
  'selection',
  'rent',
  'vacant',
  'burn',
  'queue',
  'activity',
  'hiddenAssets',
  'celebration',
  'api',
];

const token = (mint: string) => ({
  mint,
  balance: '5',
  decimals: 0,
  account: `acc-${mint}`,
  symbol: 'T',
  name: 'Token',
  logoURI: '',
  metadataUri: null,
  hasMetadata: true,
});
const nft = (mint: string) => ({
  mint,
  name: 'N',
  image: '',
  collection: 'C',
  tokenAddress: 'ta',
  metadataAddress: 'ma',
});

// Loads started by walletConnected go to a real server that says "no"; nothing leaves the machine.
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  server.respond(() => ({ status: 503, body: { success: false, error: 'unavailable' } }));
  setApiOrigin(server.origin);
});
afterAll(async () => {
  setApiOrigin('');
  await server.close();
});
beforeEach(() => localStorage.clear());

const bootstrapped = (p: Persistor) =>
  new Promise<void>((resolve) => {
    const check = () => p.getState().bootstrapped && resolve();
    p.subscribe(check);
    check();
  });

test('has every slice of ARCHITECTURE.md, bulk mode on by default', () => {
  const state = makeStore().getState() as unknown as Record<string, unknown>;
  for (const name of SLICES) expect(state).toHaveProperty(name);
  expect(makeStore().getState().selection.bulkMode).toBe(true);
});

test('walletConnected records the address; walletDisconnected clears it', () => {
  const store = makeStore();
  store.dispatch(walletConnected({ publicKey: W }));
  expect(selectWalletAddress(store.getState())).toBe(W);
  store.dispatch(walletDisconnected());
  expect(selectWalletAddress(store.getState())).toBeNull();
});

test('disconnect clears all lists, errors and loading flags, but keeps activity and hidden assets', () => {
  const store = makeStore();
  const fresh = store.getState();
  store.dispatch(walletConnected({ publicKey: W }));
  store.dispatch(tokensLoadStarted({ wallet: W }));
  store.dispatch(
    tokensLoaded({ wallet: W, tokens: [token('a')], source: 'server', error: 'Error fetching tokens: x' }),
  );
  store.dispatch(nftsLoadStarted({ wallet: W }));
  store.dispatch(
    nftsLoaded({
      wallet: W,
      nfts: [nft('n')],
      cnfts: [{ mint: 'c', name: 'c', image: '', collection: 'C' }],
      source: 'combined',
    }),
  );
  store.dispatch(assetSelectionToggled({ kind: 'token', mint: 'a' }));
  store.dispatch(
    activityRecorded({ type: 'token-burn', title: 't', description: 'd', lamports: 2039280, timestamp: Date.now() }),
  );
  store.dispatch(assetsHidden({ ids: ['c'] }));
  expect(store.getState().tokens.items).toHaveLength(1);
  expect(selectSelectedCounts(store.getState()).total).toBe(1);

  store.dispatch(walletDisconnected());
  const after = store.getState();
  for (const name of [
    'wallet',
    'tokens',
    'nfts',
    'cnfts',
    'selection',
    'rent',
    'vacant',
    'burn',
    'queue',
    'celebration',
  ] as const) {
    // vacant.runId counts runs so that reports of an abandoned run are ignored; it may only grow.
    const expected = name === 'vacant' ? { ...fresh.vacant, runId: after.vacant.runId } : fresh[name];
    expect({ [name]: after[name] }).toEqual({ [name]: expected });
  }
  expect(after.activity.entries).toHaveLength(1);
  expect(after.hiddenAssets.ids).toEqual(['c']);
});

test('an answer for another wallet than the one loading is ignored', () => {
  const store = makeStore();
  store.dispatch(tokensLoadStarted({ wallet: W }));
  store.dispatch(tokensLoaded({ wallet: 'other', tokens: [token('a')], source: 'server' }));
  expect(store.getState().tokens).toMatchObject({ loading: true, items: [] });
});

test('turning bulk mode off clears the selection; cNFT selection works in bulk mode', () => {
  const store = makeStore();
  store.dispatch(assetSelectionToggled({ kind: 'nft', mint: 'n' }));
  store.dispatch(assetSelectionToggled({ kind: 'cnft', mint: 'c' }));
  expect(selectSelectedCounts(store.getState())).toEqual({ tokens: 0, nfts: 1, cnfts: 1, total: 2 });
  store.dispatch(bulkModeSet(false));
  expect(selectSelectedCounts(store.getState()).total).toBe(0);
  store.dispatch(assetSelectionToggled({ kind: 'nft', mint: 'n' }));
  expect(selectSelectedCounts(store.getState()).total).toBe(0);
});

test('hidden cNFTs are filtered from the visible list at once', () => {
  const store = makeStore();
  store.dispatch(nftsLoadStarted({ wallet: W }));
  const cnft = (mint: string) => ({ mint, name: mint, image: '', collection: 'C' });
  store.dispatch(nftsLoaded({ wallet: W, nfts: [], cnfts: [cnft('c1'), cnft('c2')], source: 'combined' }));
  store.dispatch(assetsHidden({ ids: ['c1'] }));
  expect(selectVisibleCnfts(store.getState()).map((c) => c.mint)).toEqual(['c2']);
});

test('only activity and hiddenAssets are persisted, under the key solback, and come back on reload', async () => {
  const store = makeStore();
  const persistor = persistStore(store);
  await bootstrapped(persistor);
  store.dispatch(walletConnected({ publicKey: W }));
  store.dispatch(tokensLoadStarted({ wallet: W }));
  store.dispatch(
    activityRecorded({ type: 'vacant-burn', title: 't', description: 'd', lamports: 1000, timestamp: Date.now() }),
  );
  store.dispatch(assetsHidden({ ids: ['gone'] }));
  await persistor.flush();
  store.dispatch(walletDisconnected());
  persistor.pause();

  const saved = JSON.parse(localStorage.getItem('persist:solback') ?? '{}');
  expect(Object.keys(saved).sort()).toEqual(['_persist', 'activity', 'hiddenAssets']);

  const reloaded = makeStore();
  const p2 = persistStore(reloaded);
  await bootstrapped(p2);
  const state: RootState = reloaded.getState();
  expect(state.activity.entries).toHaveLength(1);
  expect(state.hiddenAssets.ids).toEqual(['gone']);
  expect(state.tokens.loading).toBe(false);
  p2.pause();
});

test('listeners reach the wallet port through extra', () => {
  const extra = createAppExtra();
  extra.wallet.publicKey = W;
  const store = makeStore(undefined, extra);
  expect(store.extra).toBe(extra);
  let seen: unknown = null;
  const unsubscribe = store.dispatch(
    addListener({ actionCreator: walletConnected, effect: (_action, api) => void (seen = api.extra) }),
  );
  store.dispatch(walletConnected({ publicKey: W }));
  expect((seen as AppExtra).wallet).toBe(extra.wallet);
  unsubscribe();
  store.dispatch(walletDisconnected());
});
