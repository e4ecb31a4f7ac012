import { makeStore } from '../../../src/app/store';
import { assetsHidden } from '../../../src/features/assets/hiddenAssets/hiddenAssetsSlice';
import { nftsLoadStarted } from '../../../src/features/assets/nfts/nftsSlice';
import {
  assetSelectionToggled,
  bulkModeSet,
  selectIsSelected,
  selectSelectedCounts,
} from '../../../src/features/assets/selection/selectionSlice';
import { tokensLoadStarted } from '../../../src/features/assets/tokens/tokensSlice';
import { walletDisconnected } from '../../../src/app/events';

function selectAll(store: ReturnType<typeof makeStore>) {
  store.dispatch(assetSelectionToggled({ kind: 'token', mint: 't1' }));
  store.dispatch(assetSelectionToggled({ kind: 'token', mint: 't2' }));
  store.dispatch(assetSelectionToggled({ kind: 'nft', mint: 'n1' }));
  store.dispatch(assetSelectionToggled({ kind: 'cnft', mint: 'c1' }));
}

it('bulk mode starts ON; toggling keeps pick order; OFF clears and ignores clicks', () => {
  const store = makeStore();
  expect(store.getState().selection.bulkMode).toBe(true);
  selectAll(store);
  expect(store.getState().selection.tokens).toEqual(['t1', 't2']);
  expect(selectSelectedCounts(store.getState())).toEqual({ tokens: 2, nfts: 1, cnfts: 1, total: 4 });
  expect(selectIsSelected(store.getState(), 'nft', 'n1')).toBe(true);
  store.dispatch(bulkModeSet(false));
  expect(selectSelectedCounts(store.getState()).total).toBe(0);
  store.dispatch(assetSelectionToggled({ kind: 'token', mint: 't1' }));
  expect(store.getState().selection.tokens).toEqual([]);
});

it('a new load, a hidden cNFT or a disconnect drops the selections that no longer apply', () => {
  const store = makeStore();
  selectAll(store);
  store.dispatch(assetsHidden({ ids: ['c1'] }));
  expect(store.getState().selection.cnfts).toEqual([]);
  store.dispatch(tokensLoadStarted({ wallet: 'w' }));
  expect(store.getState().selection).toMatchObject({ tokens: [], nfts: ['n1'] });
  store.dispatch(nftsLoadStarted({ wallet: 'w' }));
  expect(store.getState().selection.nfts).toEqual([]);
  selectAll(store);
  store.dispatch(bulkModeSet(true));
  store.dispatch(walletDisconnected());
  expect(store.getState().selection).toEqual({ bulkMode: true, tokens: [], nfts: [], cnfts: [] });
});
