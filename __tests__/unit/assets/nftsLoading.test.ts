// docs/PRODUCT.md#loading NFT load through a real store: combined endpoint → separate assets/cnfts endpoints → on-chain lookup
// (batches of 3, 500 ms apart); hidden cNFTs filtered; 'Error fetching NFTs: ...' when every source fails.
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { none, publicKey } from '@metaplex-foundation/umi';
import type { Connection } from '@solana/web3.js';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra } from '../../../src/app/walletPort';
import type { WalletAsset } from '../../../src/common/api';
import { selectVisibleCnfts } from '../../../src/features/assets/cnfts/cnftsSlice';
import { assetsHidden } from '../../../src/features/assets/hiddenAssets/hiddenAssetsSlice';
import { metadataAddress } from '../../../src/chain/metadataAccount';
import { walletConnected, walletDisconnected } from '../../../src/app/events';
import { startRecordingServer, type RecordingServer, type Responder } from '../../support/recordingServer';
import { listenersIdle, until } from '../../support/until';
import { FakeConnection, newMint } from './fakeChain';

const W = newMint();
let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
});
afterAll(() => server.close());
beforeEach(() => server.requests.splice(0));

// The token load runs on the same event; give it an empty wallet.
function respond(nfts: Responder) {
  server.respond((req) =>
    req.path.startsWith('/api/wallet-tokens/')
      ? { body: { success: true, tokens: [] } }
      : (nfts(req) ?? { status: 404, body: { success: false, error: 'not here' } }),
  );
}
const nftPaths = () => server.requests.map((r) => r.path).filter((p) => p.includes('/helius/'));

/** Chain reads other than the cNFT tree check (PRODUCT, the page: spam labels; the page reads each cNFT's tree account once). */
const metadataReads = (connection: FakeConnection, cnfts: WalletAsset[]) => {
  const trees = new Set(cnfts.map((c) => c.compression?.tree));
  return connection.calls.filter(
    (c) => c.method === 'getMultipleAccountsInfo' && !(c.args as string[]).every((a) => trees.has(a)),
  ).length;
};

const asset = (name: string, compressed = false): WalletAsset => {
  const id = newMint();
  return {
    id,
    mint: id,
    name,
    image: `/static/demo/${name}.svg`,
    collection: compressed ? 'Trees' : 'Demo',
    compressed,
    ...(compressed
      ? { compression: { compressed: true, tree: newMint(), data_hash: 'd', creator_hash: 'c', leaf_id: 1 } }
      : { tokenAddress: newMint() }),
  };
};

function setup(connection = new FakeConnection(), canSign = false) {
  const extra = createAppExtra(canSign ? { publicKey: W, signTransaction: async (tx) => tx } : undefined);
  extra.setConnection(connection as unknown as Connection);
  return { store: makeStore(undefined, extra), connection };
}
const loaded = (store: ReturnType<typeof makeStore>) =>
  until(() => {
    const n = store.getState().nfts;
    return n.wallet === W && !n.loading && n;
  });

function metadataBytes(mint: string, name: string): Uint8Array {
  return getMetadataAccountDataSerializer().serialize({
    updateAuthority: publicKey(W),
    mint: publicKey(mint),
    name,
    symbol: 'OC',
    uri: `/static/demo/${name}.png`,
    sellerFeeBasisPoints: 0,
    creators: none(),
    primarySaleHappened: false,
    isMutable: true,
    editionNonce: none(),
    tokenStandard: none(),
    collection: none(),
    uses: none(),
    collectionDetails: none(),
    programmableConfig: none(),
  });
}

it('takes both lists from the combined endpoint and hides cNFTs in the hidden-assets list', async () => {
  const regular = [asset('Ape'), { ...asset(''), collection: null, image: null }];
  const compressed = [asset('Leaf 1', true), asset('Leaf 2', true)];
  respond((req) =>
    req.path.startsWith('/api/helius/wallet/nfts/')
      ? { body: { success: true, data: { regularNfts: regular, compressedNfts: compressed } } }
      : undefined,
  );
  const { store, connection } = setup();
  store.dispatch(assetsHidden({ ids: [compressed[1].id] }));
  store.dispatch(walletConnected({ publicKey: W }));
  expect(store.getState().cnfts.loading).toBe(true);
  const s = await loaded(store);
  expect(s.source).toBe('combined');
  expect(s.items.map((n) => [n.name, n.collection, n.image])).toEqual([
    ['Ape', 'Demo', '/static/demo/Ape.svg'],
    [`NFT ${regular[1].mint.slice(0, 6)}`, 'Unknown Collection', '/static/default-nft.svg'],
  ]);
  expect(store.getState().cnfts.items).toHaveLength(2);
  expect(selectVisibleCnfts(store.getState()).map((c) => c.name)).toEqual(['Leaf 1']);
  expect(nftPaths()).toEqual([`/api/helius/wallet/nfts/${W}`]);
  expect(metadataReads(connection, compressed)).toBe(0);
});

it('on a combined failure uses the assets and cnfts endpoints (compressed items left out of assets)', async () => {
  const regular = asset('Solo');
  const leaf = asset('Leaf', true);
  respond((req) => {
    if (req.path.startsWith('/api/helius/wallet/nfts/'))
      return { status: 503, body: { success: false, error: 'Asset service temporarily unavailable' } };
    if (req.path.startsWith('/api/helius/assets/')) return { body: { success: true, data: [regular, leaf] } };
    if (req.path.startsWith('/api/helius/cnfts/')) return { body: { success: true, data: [leaf] } };
    return undefined;
  });
  const { store, connection } = setup();
  store.dispatch(walletConnected({ publicKey: W }));
  const s = await loaded(store);
  expect(s.source).toBe('fallback');
  expect(s.error).toBeNull();
  expect(s.items.map((n) => n.name)).toEqual(['Solo']);
  expect(store.getState().cnfts.items.map((c) => c.name)).toEqual(['Leaf']);
  expect(nftPaths().sort()).toEqual(
    [`/api/helius/assets/${W}`, `/api/helius/cnfts/${W}`, `/api/helius/wallet/nfts/${W}`].sort(),
  );
  expect(metadataReads(connection, [leaf])).toBe(0);
});

it('with no regular NFTs from the fallbacks looks them up on chain, 3 mints per call with a 500 ms pause', async () => {
  const mints = [newMint(), newMint(), newMint(), newMint()];
  const orphan = newMint(); // amount 1, 0 decimals, but no metadata account: not an NFT
  const accounts = new Map(mints.map((m, i) => [metadataAddress(m), metadataBytes(m, `Chain ${i}`)]));
  const chain = new FakeConnection(
    [
      ...mints.map((mint) => ({ mint, amount: '1', decimals: 0 })),
      { mint: orphan, amount: '1', decimals: 0 },
      { mint: newMint(), amount: '50', decimals: 2 },
    ],
    accounts,
  );
  respond((req) => {
    if (req.path.startsWith('/api/helius/wallet/nfts/')) return { status: 500, body: { success: false, error: 'x' } };
    if (req.path.startsWith('/api/helius/assets/')) return { status: 500, body: { success: false, error: 'x' } };
    if (req.path.startsWith('/api/helius/cnfts/')) return { body: { success: true, data: [] } };
    return undefined;
  });
  const { store } = setup(chain);
  store.dispatch(walletConnected({ publicKey: W }));
  const s = await loaded(store);
  const lookups = chain.calls.filter((c) => c.method === 'getMultipleAccountsInfo');
  expect(lookups.map((c) => c.args.length)).toEqual([3, 2]);
  expect(lookups[1].at - lookups[0].at).toBeGreaterThanOrEqual(490);
  expect(s.items.map((n) => n.name)).toEqual(['Chain 0', 'Chain 1', 'Chain 2', 'Chain 3']);
  expect(s.items[0]).toMatchObject({
    image: '/static/demo/Chain 0.png',
    collection: 'Unknown Collection',
    metadataAddress: metadataAddress(mints[0]),
  });
  expect(s.error).toBeNull();
});

it("says 'Error fetching NFTs: ...' when every source fails, and the lists stay empty", async () => {
  const chain = new FakeConnection();
  chain.failTokenAccounts = new Error('RPC down');
  respond(() => ({ status: 500, body: { success: false, error: 'Indexer down' } }));
  const { store } = setup(chain);
  store.dispatch(walletConnected({ publicKey: W }));
  const s = await loaded(store);
  expect(s.items).toEqual([]);
  expect(s.error).toBe('Error fetching NFTs: Indexer down');
  expect(store.getState().cnfts).toMatchObject({ items: [], loading: false });
});

it('a disconnect during the on-chain pauses cancels the lookup', async () => {
  const mints = [newMint(), newMint(), newMint(), newMint()];
  const chain = new FakeConnection(
    mints.map((mint) => ({ mint, amount: '1', decimals: 0 })),
    new Map(mints.map((m) => [metadataAddress(m), metadataBytes(m, 'X')])),
  );
  respond((req) => (req.path.includes('/helius/') ? { status: 500, body: { success: false, error: 'x' } } : undefined));
  const { store } = setup(chain);
  store.dispatch(walletConnected({ publicKey: W }));
  await until(() => {
    const n = chain.count('getMultipleAccountsInfo');
    return n === 1 && n;
  });
  store.dispatch(walletDisconnected());
  await listenersIdle(store);
  expect(chain.count('getMultipleAccountsInfo')).toBe(1);
  expect(store.getState().nfts).toMatchObject({ wallet: null, items: [], loading: false, error: null });
});

describe('the DAS cNFT handler (no cNFTs after the fallbacks, wallet can sign)', () => {
  const dasItem = (name: string, compressed: boolean, burnt = false) => ({
    id: newMint(),
    burnt,
    content: { metadata: { name }, links: { image: `/static/demo/${name}.svg` } },
    compression: { compressed, tree: compressed ? newMint() : '', data_hash: 'd', creator_hash: 'c', leaf_id: 3 },
    ownership: { delegated: false },
  });
  const answer = (rpc: Responder) =>
    respond((req) => {
      if (req.path === '/api/rpc') return rpc(req);
      if (req.path.startsWith('/api/helius/assets/')) return { body: { success: true, data: [asset('Regular')] } };
      return { status: 500, body: { success: false, error: 'indexer down' } };
    });

  it('asks getAssetsByOwner on the connection endpoint and keeps live compressed assets', async () => {
    answer((req) => {
      expect(req.body).toMatchObject({ method: 'getAssetsByOwner', params: { ownerAddress: W, page: 1 } });
      return {
        body: {
          jsonrpc: '2.0',
          id: 1,
          result: { items: [dasItem('Leaf A', true), dasItem('Plain', false), dasItem('Gone', true, true)] },
        },
      };
    });
    const chain = new FakeConnection();
    chain.rpcEndpoint = `${server.origin}/api/rpc`;
    const { store } = setup(chain, true);
    store.dispatch(walletConnected({ publicKey: W }));
    await loaded(store);
    expect(store.getState().nfts.items.map((n) => n.name)).toEqual(['Regular']);
    expect(store.getState().cnfts.items.map((c) => [c.name, c.image, c.collection])).toEqual([
      ['Leaf A', '/static/demo/Leaf A.svg', 'Unknown Collection'],
    ]);
  });

  it('is not asked when the wallet cannot sign', async () => {
    answer(() => ({ status: 500 }));
    const chain = new FakeConnection();
    chain.rpcEndpoint = `${server.origin}/api/rpc`;
    const { store } = setup(chain, false);
    store.dispatch(walletConnected({ publicKey: W }));
    await loaded(store);
    expect(server.requests.filter((r) => r.path === '/api/rpc')).toHaveLength(0);
    expect(store.getState().cnfts.items).toEqual([]);
  });
});
