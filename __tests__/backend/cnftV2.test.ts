// PRODUCT difference 12: Bubblegum V2 leaves over HTTP on the local chain. An independent client — Metaplex's own transferV2
// (mpl-bubblegum v5 through Umi) run by the owner against /api/rpc — moves a plain V2 leaf and the local DAS shows
// the new owner; on the frozen one it fails. SolBack's own builders (src/chain) use the V2 instructions for V2 leaves
// and refuse, with a clear text, what the program would refuse.
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { createUmi } from '@metaplex-foundation/umi-bundle-defaults';
import { keypairIdentity, publicKey, type Umi } from '@metaplex-foundation/umi';
import { getAssetWithProof, mplBubblegum, transferV2 } from '@metaplex-foundation/mpl-bubblegum';
import { dasApi } from '@metaplex-foundation/digital-asset-standard-api';
import type { SolbackApp } from '../../backend/app';
import type { KindsManifest } from '../../backend/localnet/metaplex';
import { treeShapeFromAccount } from '../../src/chain/cnftTreeShape';
import { buildTrashTransaction, leafFor } from '../../src/common/cnftBuilders';
import { checkTransaction } from '../../src/chain/guard';
import { CNFT_V2_REFUSED } from '../../src/common/texts';
import { type LocalChainServer, startLocalChainServer } from './localChainServer';

let server: LocalChainServer;
let solback: SolbackApp;
let connection: Connection;
let owner: Keypair;
let kinds: KindsManifest;
let umi: Umi;
const post = async (route: string, body: unknown) => (await server.api(route, body)).body;

beforeAll(async () => {
  server = await startLocalChainServer();
  ({ solback, connection } = server);
  owner = Keypair.generate();
  const body = await post('localnet/fund', { owner: owner.publicKey.toBase58() });
  kinds = body.manifest.kinds;
  const rpcUrl = `${server.url}/api/rpc`;
  umi = createUmi(rpcUrl, { commitment: 'confirmed', wsEndpoint: rpcUrl.replace('http', 'ws') })
    .use(mplBubblegum())
    .use(dasApi());
  umi.use(keypairIdentity(umi.eddsa.createKeypairFromSecretKey(owner.secretKey)));
});
afterAll(async () => {
  await server?.close();
});

const rpc = async (method: string, params: unknown) =>
  (await post('rpc', { jsonrpc: '2.0', id: 1, method, params })).result;

test("Metaplex's own transferV2 against /api/rpc moves a V2 leaf (DAS shows the new owner) and fails on a frozen one", async () => {
  const [plain, frozen] = kinds.cnftsV2;
  const to = Keypair.generate().publicKey.toBase58();
  const move = async (id: string) => {
    const a = await getAssetWithProof(umi, publicKey(id), { truncateCanopy: true });
    return transferV2(umi, { ...a, authority: umi.identity, newLeafOwner: publicKey(to) }).sendAndConfirm(umi);
  };
  await expect(move(frozen.assetId)).rejects.toThrow(/0x179d|AssetIsFrozen/);
  expect((await rpc('getAsset', { id: frozen.assetId })).ownership.owner).toBe(owner.publicKey.toBase58());
  await move(plain.assetId);
  expect((await rpc('getAsset', { id: plain.assetId })).ownership.owner).toBe(to);
});

test("SolBack's builders: a non-transferable leaf may be burned (burnV2 via /api/burn-cnft) but never moved; a frozen one neither", async () => {
  const [, frozen, soulbound] = kinds.cnftsV2;
  // The page's trash builder refuses before anything is signed, with the program's reason.
  const leafOf = async (id: string) => {
    const [asset, proof] = await Promise.all([rpc('getAsset', { id }), rpc('getAssetProof', { id })]);
    const tree = await connection.getAccountInfo(new PublicKey(asset.compression.tree));
    return leafFor(asset, proof, treeShapeFromAccount(tree!.data));
  };
  const soulLeaf = await leafOf(soulbound.assetId);
  expect(soulLeaf.v2).toMatchObject({ flags: 4 });
  expect(() => buildTrashTransaction(soulLeaf, solback.config.trashWallet)).toThrow(CNFT_V2_REFUSED.nonTransferable);

  const refused = await post(`burn-cnft/${frozen.assetId}`, {});
  expect(refused).toEqual({ success: false, error: CNFT_V2_REFUSED.frozen });
  const delegate = await post('cnft/delegate', {
    ownerAddress: owner.publicKey.toBase58(),
    assetId: soulbound.assetId,
    delegatePublicKey: solback.delegate!.publicKey.toBase58(),
  });
  expect(delegate).toEqual({ success: false, error: CNFT_V2_REFUSED.nonTransferable });

  const answer = await post(`burn-cnft/${soulbound.assetId}`, { ownerAddress: owner.publicKey.toBase58() });
  expect(answer.success).toBe(true);
  const tx = Transaction.from(Buffer.from(answer.transaction, 'base64'));
  // The page's guard accepts the burnV2 of this leaf only.
  expect(
    checkTransaction(tx, { owner: owner.publicKey.toBase58(), kind: 'burnCnft', allowedAccounts: [soulbound.assetId] }),
  ).toEqual({ ok: true });
  expect(
    checkTransaction(tx, { owner: owner.publicKey.toBase58(), kind: 'burnCnft', allowedAccounts: [frozen.assetId] }).ok,
  ).toBe(false);
  tx.sign(owner);
  await connection.confirmTransaction(await connection.sendRawTransaction(tx.serialize()), 'confirmed');
  expect((await rpc('getAsset', { id: soulbound.assetId })).burnt).toBe(true);
});
