// Every cNFT action is in Recent Activity, with 0 lamports recovered (a cNFT holds no rent).
import { makeStore } from '../../../src/app/store';
import { ASSETS_SCREEN } from '../../../src/common/texts';
import { queueSucceeded } from '../../../src/features/trash/queue/queueSlice';
import { robustTrashFinished, trashSucceeded } from '../../../src/features/trash/trash/trashSlice';

const asset = { mint: 'Cnft1111111111111111111111111111111111111111', name: 'Leaf #1', image: '', collection: 'Trees' };

it('trash, burn, hidden fallback and robust outcomes each add an entry; none counts as recovered SOL', () => {
  const store = makeStore();
  store.dispatch(
    trashSucceeded({ outcome: { assetId: asset.mint, status: 'success', method: 'standard', signature: 's1' } }),
  );
  store.dispatch(
    trashSucceeded({ outcome: { assetId: asset.mint, status: 'success', method: 'burn', signature: 's2' } }),
  );
  store.dispatch(
    trashSucceeded({ outcome: { assetId: asset.mint, status: 'hidden', method: 'basic', signature: 's3' } }),
  );
  store.dispatch(
    robustTrashFinished({
      asset: asset,
      outcome: { assetId: asset.mint, status: 'success', method: 'robust', signature: 's4' },
    }),
  );
  store.dispatch(trashSucceeded({ outcome: null }));
  const entries = store.getState().activity.entries;
  expect(
    entries.map((e) => [e.type, e.title, e.signature]).sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
  ).toEqual([
    ['cnft-trash', ASSETS_SCREEN.cnftTrashedTitle, 's1'],
    ['cnft-burn', ASSETS_SCREEN.cnftBurnedTitle, 's2'],
    ['cnft-trash', ASSETS_SCREEN.cnftHiddenTitle, 's3'],
    ['cnft-trash', ASSETS_SCREEN.cnftTrashedTitle, 's4'],
  ]);
  expect(entries.every((e) => e.lamports === 0)).toBe(true);
});

it('a completed queue adds one entry for its count', () => {
  const store = makeStore();
  store.dispatch(queueSucceeded({ completed: 3 }));
  expect(store.getState().activity.entries).toHaveLength(1);
  expect(store.getState().activity.entries[0]).toMatchObject({
    type: 'cnft-trash',
    title: ASSETS_SCREEN.cnftQueueTitle(3),
    lamports: 0,
  });
});
