// docs/PRODUCT.md, "Every state of an NFT or cNFT": the collector profile's cNFTs. Frozen V2 leaves are left alone
// with the reason (0 transactions, 0 lamports); a soulbound leaf and one whose deep tree's transfer proof leaves no
// room in a transaction are burned, never moved; delegated leaves (V1 and V2) are moved by their owner, to the lamport.
// Real HTTP, the local chain's emulated Bubblegum, the page's own builders and checks.
import { type Connection, type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { MAX_TRANSFER_PROOF_NODES, treeProofNodes } from '../../src/chain/cnftProofFit';
import { treeShapeFromAccount } from '../../src/chain/cnftTreeShape';
import { LeafRefusedError, ProofTooLargeError } from '../../src/chain/cnftTransactions';
import { buildTrashTransaction, leafFor } from '../../src/common/cnftBuilders';
import { BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS } from '../../src/common/constants';
import { CNFT_V2_REFUSED, KIND_BLOCKED } from '../../src/common/texts';
import { networkFee } from '../support/networkFee';
import { collectorHelpers } from './collectorSupport';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

let server: LocalChainServer;
let connection: Connection;
let trashWallet: string;
const { collector, lamports } = collectorHelpers(() => server);

beforeAll(async () => {
  server = await startLocalChainServer();
  ({ connection } = server);
  trashWallet = server.solback.config.trashWallet;
});
afterAll(async () => {
  await server?.close();
});

const rpc = async (method: string, params: unknown) =>
  (await server.api('rpc', { jsonrpc: '2.0', id: 1, method, params })).body.result;

/** The leaf as the page builds it: the /api/helius/asset answer, a fresh DAS proof, the tree's shape. */
async function pageLeaf(assetId: string) {
  const asset = (await server.get(`/api/helius/asset/${assetId}`)).json.data;
  const proof = await rpc('getAssetProof', { id: assetId });
  const tree = await connection.getAccountInfo(new PublicKey(asset.compression.tree), 'confirmed');
  return leafFor(asset, proof, treeShapeFromAccount(tree!.data));
}

/** The cNFT cards of the page's listing, by asset id. */
async function cnftCards(o: string) {
  const list = (await server.get(`/api/helius/wallet/nfts/${o}`)).json.data.compressedNfts;
  return (id: string) => list.find((c: { id?: string; mint?: string }) => (c.id || c.mint) === id);
}

async function send(owner: Keypair, tx: Transaction): Promise<number> {
  tx.recentBlockhash ??= (await connection.getLatestBlockhash('confirmed')).blockhash;
  tx.sign(owner);
  await connection.confirmTransaction(await connection.sendRawTransaction(tx.serialize()), 'confirmed');
  return networkFee(tx);
}

test('frozen V2 leaves (by their delegate, by a permanent freeze delegate) are left alone: the card says why; no transfer or burn is built; 0 lamports', async () => {
  const { o, states } = await collector();
  const card = await cnftCards(o);
  const before = await lamports(o);
  for (const leaf of [states.cnftV2Frozen, states.cnftV2PermanentlyFrozen]) {
    expect(card(leaf.assetId).blocked).toBe(KIND_BLOCKED.cnftFrozen);
    const built = await pageLeaf(leaf.assetId);
    expect(() => buildTrashTransaction(built, trashWallet)).toThrow(LeafRefusedError);
    const burn = await server.api(`burn-cnft/${leaf.assetId}`, { ownerAddress: o });
    expect(burn).toEqual({ status: 400, body: { success: false, error: CNFT_V2_REFUSED.frozen } });
  }
  expect(await lamports(o)).toBe(before);
});

test('a soulbound V2 leaf is never moved but its owner burns it for the network fee', async () => {
  const { owner, o, states } = await collector();
  const leaf = states.cnftV2Soulbound;
  expect((await cnftCards(o))(leaf.assetId).blocked).toBe(KIND_BLOCKED.cnftNonTransferable);
  const built = await pageLeaf(leaf.assetId);
  expect(() => buildTrashTransaction(built, trashWallet)).toThrow(CNFT_V2_REFUSED.nonTransferable);
  const { body } = await server.api(`burn-cnft/${leaf.assetId}`, { ownerAddress: o });
  expect(body.success).toBe(true);
  const before = await lamports(o);
  const fee = await send(owner, Transaction.from(Buffer.from(body.transaction, 'base64')));
  expect(await lamports(o)).toBe(before - fee);
  expect((await rpc('getAsset', { id: leaf.assetId })).burnt).toBe(true);
});

test('delegated leaves (V1, V2): the owner moves them to the trash; the leaf names the delegate; the owner pays the network fee (+ 6,000 lamports for V2)', async () => {
  const { owner, o, states } = await collector();
  for (const leaf of [states.cnftV1Delegated, states.cnftV2Delegated]) {
    const asset = await rpc('getAsset', { id: leaf.assetId });
    expect(asset.ownership.delegated).toBe(true);
    expect((await cnftCards(o))(leaf.assetId).blocked).toBeUndefined();
    const built = await pageLeaf(leaf.assetId);
    expect(String(built.delegate)).toBe(leaf.delegate);
    const before = await lamports(o);
    const fee = await send(owner, buildTrashTransaction(built, trashWallet));
    const v2Fee = leaf.version === 2 ? BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS : 0;
    expect(await lamports(o)).toBe(before - fee - v2Fee);
    expect((await rpc('getAsset', { id: leaf.assetId })).ownership.owner).toBe(trashWallet);
  }
});

test('a leaf in a deep tree with no canopy: its transfer does not fit beside a wallet’s additions, so the trash leaves it alone (no transaction built); its burn, one account shorter, fits and lands for the network fee', async () => {
  const { owner, o, states } = await collector();
  const leaf = states.cnftInDeepTree;
  const tree = await connection.getAccountInfo(new PublicKey(leaf.tree), 'confirmed');
  // What the page reads to label the tree and leave its leaves out of Select all and the queue (cnftTreesListeners).
  expect(treeProofNodes(tree!.data)).toBe(leaf.maxDepth - leaf.canopyDepth);
  expect(treeProofNodes(tree!.data)).toBeGreaterThan(MAX_TRANSFER_PROOF_NODES);
  expect((await rpc('getAssetProof', { id: leaf.assetId })).proof).toHaveLength(leaf.maxDepth);
  const before = await lamports(o);
  const built = await pageLeaf(leaf.assetId);
  expect(() => buildTrashTransaction(built, trashWallet)).toThrow(ProofTooLargeError);
  expect(await lamports(o)).toBe(before);
  const { body } = await server.api(`burn-cnft/${leaf.assetId}`, { ownerAddress: o });
  expect(body.success).toBe(true);
  const tx = Transaction.from(Buffer.from(body.transaction, 'base64'));
  const fee = await send(owner, tx);
  expect(await lamports(o)).toBe(before - fee);
  expect((await rpc('getAsset', { id: leaf.assetId })).burnt).toBe(true);
});
