// The cNFT tree check in the page (PRODUCT, the page: spam labels): after the cNFTs load, each tree account is read once from the
// chain connection; a cNFT whose tree needs more than 16 proof nodes is labelled, offered Hide, and left out of the
// section's select-all. Tree accounts are laid out as spl-account-compression sizes them.
import path from 'path';
import { screen, waitFor } from '@testing-library/react';
import { Keypair, type PublicKey } from '@solana/web3.js';
import type * as Compression from '@solana/spl-account-compression/dist/types/src';
import { makeStore } from '../../../src/app/store';
import type { AppExtra } from '../../../src/app/walletPort';
import { TreeTooDeepLabel } from '../../../src/features/assets/cnftTrees/TreeTooDeepLabel';
import { selectTooDeepTrees } from '../../../src/features/assets/cnftTrees/cnftTreesSlice';
import type { Cnft } from '../../../src/features/assets/nfts/nftModel';
import { nftsLoaded, nftsLoadStarted } from '../../../src/features/assets/nfts/nftsSlice';
import { renderWithProviders } from '../../support/renderWithProviders';

const idl = require.resolve('@solana/spl-account-compression/idl/spl_account_compression.json');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const compression: typeof Compression = require(path.join(path.dirname(idl), '..', 'dist', 'cjs', 'src', 'index.js'));

function treeAccount(maxDepth: number, maxBufferSize: number, canopyDepth: number): Buffer {
  const data = Buffer.alloc(compression.getConcurrentMerkleTreeAccountSize(maxDepth, maxBufferSize, canopyDepth));
  data[0] = 1;
  data.writeUInt32LE(maxBufferSize, 2);
  data.writeUInt32LE(maxDepth, 6);
  return data;
}

const shallow = Keypair.generate().publicKey.toBase58(); // depth 14: the recorded getAssetProof's tree shape
const deep = Keypair.generate().publicKey.toBase58(); // depth 24, no canopy: 24 nodes
const cnft = (tree: string, n: number): Cnft => ({
  mint: Keypair.generate().publicKey.toBase58(),
  name: `cNFT ${n}`,
  image: '',
  collection: '',
  compression: { compressed: true, tree, data_hash: 'x', creator_hash: 'y', leaf_id: n },
});

it('reads each tree once from the chain and labels only the cNFTs of the too-deep tree; Hide hides it', async () => {
  const reads: string[][] = [];
  const accounts = new Map([
    [shallow, treeAccount(14, 64, 0)],
    [deep, treeAccount(24, 64, 0)],
  ]);
  const connection = {
    getMultipleAccountsInfo: async (keys: PublicKey[]) => {
      reads.push(keys.map((k) => k.toBase58()));
      return keys.map((k) => {
        const data = accounts.get(k.toBase58());
        return data ? { data, lamports: 1, owner: Keypair.generate().publicKey, executable: false } : null;
      });
    },
  };
  const extra = { wallet: { publicKey: null }, connection: () => connection } as unknown as AppExtra;
  const store = makeStore(undefined, extra);
  const wallet = Keypair.generate().publicKey.toBase58();
  const items = [cnft(shallow, 1), cnft(deep, 2), cnft(deep, 3)];
  store.dispatch(nftsLoadStarted({ wallet }));
  store.dispatch(nftsLoaded({ wallet, nfts: [], cnfts: items, source: 'combined' }));
  await waitFor(() => expect(store.getState().cnftTrees.nodes).toEqual({ [shallow]: 14, [deep]: 24 }));
  expect(reads).toEqual([[shallow, deep]]);
  expect([...selectTooDeepTrees(store.getState())]).toEqual([deep]);

  const { user, rerender } = renderWithProviders(<TreeTooDeepLabel cnft={items[0]} />, { store });
  expect(screen.queryByTestId('tree-too-deep-label')).toBeNull();
  rerender(<TreeTooDeepLabel cnft={items[1]} />);
  const label = screen.getByTestId('tree-too-deep-label');
  expect(label).toHaveAttribute('data-nodes', '24');
  expect(label).toHaveAttribute('title', expect.stringMatching(/needs 24 proof nodes.*at most 16/));
  await user.click(screen.getByTestId('hide-cnft'));
  expect(store.getState().hiddenAssets.ids).toContain(items[1].mint);
});
