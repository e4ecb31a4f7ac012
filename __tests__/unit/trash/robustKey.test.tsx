// The robust way signs in its modal, not in a listener, because the pasted key must never enter an action or the
// store (PRODUCT difference 1). This watches every action the store sees (a catch-all listener sits in the middleware, so
// listener-dispatched actions count too) and the state after each, while the robust modal parses, signs and reports.
import { addListener } from '@reduxjs/toolkit';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { createAppExtra } from '../../../src/app/walletPort';
import { cnftAssetId } from '../../../src/chain/cnft';
import { DIRECT_MODAL, ROBUST_MODAL } from '../../../src/common/texts';
import DirectTrashModal from '../../../src/features/trash/trash/DirectTrashModal';
import type { RobustDeps } from '../../../src/features/trash/trash/useTrashPage';
import { guardStep } from '../../../src/features/wallet/wallet/signingSteps';
import { TRASH_UI } from '../../../src/common/texts/trashTexts';
import { renderWithProviders } from '../../support/renderWithProviders';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';

const rnd = () => Keypair.generate().publicKey.toBase58();
const owner = Keypair.generate();
const tree = rnd();
const asset = { mint: cnftAssetId(tree, 3), name: 'Leaf #3', image: '/x.svg' };
const trashWallet = rnd();

// The indexer and the server are a recording HTTP server; the modal calls them through the page store's endpoints.
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
  server.respond((req) => {
    if (req.path.startsWith('/api/helius/asset-proof/'))
      return { body: { success: true, data: { proof: Array.from({ length: 14 }, rnd), root: rnd() } } };
    if (req.path.startsWith('/api/helius/asset/'))
      return {
        body: {
          success: true,
          data: {
            id: asset.mint,
            compression: { compressed: true, tree, data_hash: rnd(), creator_hash: rnd(), leaf_id: 3 },
            ownership: { owner: owner.publicKey.toBase58(), delegate: null },
          },
        },
      };
    if (req.path === '/api/robust-transfer') return { body: { success: true, signature: 'relayed-sig' } };
    return undefined;
  });
});
afterAll(() => server.close());

// The chain is a stand-in here; the robust way against the real chain is in cnftFlows and e2e.
const robustDeps = (dispatch: RobustDeps['dispatch']): RobustDeps => ({
  trashWallet,
  delay: async () => undefined,
  // Static rules only: this stand-in chain cannot be read or simulated (the chain guard runs in cnftFlows and e2e).
  guard: (intent) => guardStep(intent),
  connection: {
    getAccountInfo: async () => null,
    getLatestBlockhash: async () => ({ blockhash: rnd(), lastValidBlockHeight: 100 }),
  } as never,
  dispatch,
});

it('the pasted key never enters an action or the store while the robust modal signs; only the outcome does', async () => {
  const pasted = bs58.encode(owner.secretKey);
  const secretBytes = JSON.stringify(Array.from(owner.secretKey));
  const store = makeStore(undefined, createAppExtra({ publicKey: owner.publicKey.toBase58() }));
  renderWithProviders(
    <DirectTrashModal
      asset={asset}
      robustDeps={robustDeps(store.dispatch)}
      explorerUrl={(s) => s}
      onClose={() => undefined}
    />,
    { store },
  );
  const seen: string[] = [];
  store.dispatch(
    addListener({
      predicate: () => true,
      effect: (action, api) => void seen.push(JSON.stringify(action), JSON.stringify(api.getState())),
    }),
  );

  fireEvent.click(screen.getByTestId('method-robust'));
  fireEvent.click(screen.getByRole('button', { name: DIRECT_MODAL.tryRobust }));
  const field = await screen.findByTestId('robust-private-key');
  fireEvent.change(field, { target: { value: pasted } });
  await screen.findByText(TRASH_UI.keyOwns); // Confirm waits for the indexer's word that this key owns the cNFT
  fireEvent.click(screen.getByRole('button', { name: ROBUST_MODAL.confirm }));
  await screen.findByTestId('robust-explorer-link');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(store.getState().hiddenAssets.ids).toContain(asset.mint));

  const relayed = server.requests.filter((r) => r.path === '/api/robust-transfer').map((r) => r.body);
  expect(relayed).toHaveLength(1);
  expect(Object.keys(relayed[0] as object).sort()).toEqual(['assetId', 'destinationAddress', 'signedTransaction']);
  // The watch saw the outcome arrive (so it would have seen the key had it travelled the same way)...
  expect(seen.some((s) => s.includes('"type":"trash/robustTrashFinished"') && s.includes('relayed-sig'))).toBe(true);
  expect(store.getState().trash.banner).toMatchObject({ kind: 'success', signature: 'relayed-sig' });
  // ...and neither the key nor its bytes were ever in an action or a state.
  seen.push(JSON.stringify(store.getState()));
  for (const entry of seen) {
    expect(entry).not.toContain(pasted);
    expect(entry).not.toContain(secretBytes);
    expect(entry).not.toMatch(/privateKey|secretKey/i);
  }
});
