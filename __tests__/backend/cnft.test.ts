// docs/PRODUCT.md#server-calls cNFT data and trashing over HTTP on the local chain (emulated Bubblegum checks proofs against the root).
import { Keypair, PublicKey, type Transaction } from '@solana/web3.js';
import { signedAuth } from '../support/signedAuth';
import { GUARD, CNFT_ERRORS } from '../../src/common/texts';
import { buildTrashTransaction, leafFor } from '../../src/chain/cnftTransactions';
import { treeShapeFromAccount } from '../../src/chain/cnftTreeShape';
import { startServer, type TestServer } from './helpers';
import { fundOwner, ownerOf, signAndSend, type FundedCnft } from './cnftSupport';

let server: TestServer;
let owner: Keypair;
let cnfts: FundedCnft[];
let trash: string;
let delegate: string;

beforeAll(async () => {
  server = await startServer();
  ({ owner, cnfts } = await fundOwner(server));
  trash = server.solback.config.trashWallet;
  delegate = server.solback.delegate!.publicKey.toBase58();
}, 60_000);
afterAll(() => server.close());

/** What the page does for the standard and robust methods: fresh proof, tree shape, canopy-truncated transfer. */
async function trashTx(assetId: string): Promise<Transaction> {
  const proof = (await server.get(`/api/helius/asset-proof/${assetId}?t=${Date.now()}`)).json.data;
  const asset = (await server.get(`/api/helius/asset/${assetId}`)).json.data;
  const info = await server.solback.connection.getAccountInfo(new PublicKey(asset.compression.tree));
  const shape = treeShapeFromAccount(info!.data);
  const tx = buildTrashTransaction(leafFor(asset, proof, shape), trash);
  tx.recentBlockhash = (await server.solback.connection.getLatestBlockhash()).blockhash;
  return tx;
}

describe('cNFT data', () => {
  it('asset-proof is fresh: no-cache headers and the proof of the current root', async () => {
    const res = await server.get(`/api/helius/asset-proof/${cnfts[1].assetId}?t=123`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(res.json.data).toMatchObject({ tree_id: cnfts[1].tree, leaf_id: cnfts[1].leafIndex });
    expect(res.json.data.proof.length).toBeGreaterThan(0);
    expect(typeof res.json.data.root).toBe('string');
  });

  it('asset answers compression {tree, data_hash, creator_hash, leaf_id, root, proof} and ownership', async () => {
    const res = await server.get(`/api/helius/asset/${cnfts[2].assetId}`);
    expect(res.json.success).toBe(true);
    expect(res.json.data.compression).toMatchObject({
      compressed: true,
      tree: cnfts[2].tree,
      leaf_id: cnfts[2].leafIndex,
    });
    expect(res.json.data.compression.proof.length).toBeGreaterThan(0);
    expect(res.json.data.ownership.owner).toBe(owner.publicKey.toBase58());
  });

  it('diagnostic compares the indexer root with the tree account root', async () => {
    const res = await server.get(`/api/asset/diagnostic/${cnfts[2].assetId}`);
    expect(res.json.compression.root).toBe(res.json.compression.tree_root);
    expect(res.json.details.rootsMatch).toBe(true);
    expect(res.json.details.tree.canopyDepth).toBeGreaterThan(0);
  });

  it('unknown asset → 404, malformed id → 400', async () => {
    expect((await server.get(`/api/helius/asset/${Keypair.generate().publicKey.toBase58()}`)).status).toBe(404);
    expect((await server.get('/api/helius/asset-proof/not-an-id')).status).toBe(400);
  });

  it('the tree shape read from the account gives a transfer that fits and a proof below the canopy', async () => {
    const tx = await trashTx(cnfts[3].assetId);
    expect(tx.instructions[2].keys.length).toBe(8 + 6); // after our compute-budget pair; maxDepth 14 − canopy 8
  });
});

describe('robust transfer (relay of a browser-signed transaction)', () => {
  it('refuses a body carrying a private key, with the PRODUCT difference 1 text', async () => {
    const res = await server.post('/api/robust-transfer', {
      privateKeyBase58: 'x',
      assetId: cnfts[1].assetId,
      destinationAddress: trash,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, error: GUARD.privateKeysRefused });
  });

  it('refuses a transfer to another wallet and a transaction not signed by the owner', async () => {
    const other = Keypair.generate().publicKey.toBase58();
    const tx = await trashTx(cnfts[1].assetId);
    tx.sign(owner);
    const wrongDest = await server.post('/api/robust-transfer', {
      assetId: cnfts[1].assetId,
      destinationAddress: other,
      signedTransaction: tx.serialize().toString('base64'),
    });
    expect(wrongDest.status).toBe(400);
    const wrongAsset = await server.post('/api/robust-transfer', {
      assetId: cnfts[2].assetId,
      destinationAddress: trash,
      signedTransaction: tx.serialize().toString('base64'),
    });
    expect(wrongAsset.status).toBe(400);
    const bytes = tx.serialize();
    bytes[10] ^= 0xff; // corrupt the owner's signature
    const forged = await server.post('/api/robust-transfer', {
      assetId: cnfts[1].assetId,
      destinationAddress: trash,
      signedTransaction: Buffer.from(bytes).toString('base64'),
    });
    expect(forged.status).toBe(403);
    expect((await ownerOf(server, cnfts[1].assetId)).owner).toBe(owner.publicKey.toBase58());
  });

  it('relays the owner-signed transfer: getAsset then shows TRASH_WALLET as owner', async () => {
    const tx = await trashTx(cnfts[1].assetId);
    tx.sign(owner);
    const res = await server.post('/api/robust-transfer', {
      assetId: cnfts[1].assetId,
      destinationAddress: trash,
      signedTransaction: tx.serialize().toString('base64'),
    });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.explorerUrl).toContain(res.json.signature);
    expect((await ownerOf(server, cnfts[1].assetId)).owner).toBe(trash);
  });
});

describe('owner burn and burn-request', () => {
  it('burn-request: forged signature 403, simulated 400, valid → honest simulated answer', async () => {
    const id = cnfts[4].assetId;
    const body = { assetId: id, ownerAddress: owner.publicKey.toBase58() };
    const auth = (opts = {}) => signedAuth(server.url, owner, { action: 'burn-request', assetIds: [id] }, opts);
    const sent = async (opts = {}) => {
      const { message, signature } = await auth(opts);
      return { message, signedMessage: signature };
    };
    const forged = await server.post('/api/cnft/burn-request', {
      ...body,
      ...(await sent({ signer: Keypair.generate() })),
    });
    expect(forged.status).toBe(403);
    expect(
      (await server.post('/api/cnft/burn-request', { ...body, signedMessage: 'simulated-signature' })).status,
    ).toBe(400);
    expect((await server.post('/api/cnft/burn-request', body)).status).toBe(401);
    const ok = await server.post('/api/cnft/burn-request', { ...body, ...(await sent()) });
    expect(ok.json).toMatchObject({ success: true, isSimulated: true, assetDetails: { name: cnfts[4].name } });
    expect((await ownerOf(server, id)).burnt).toBe(false);
  });

  it('burn-cnft refuses an empty cached proof with the spec text', async () => {
    const res = await server.post(`/api/burn-cnft/${cnfts[4].assetId}`, { cachedProofData: { proof: [], root: 'x' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(CNFT_ERRORS.invalidProofForBurn);
  });

  it('burn-cnft answers a Bubblegum burn the owner signs: getAsset reports it burnt', async () => {
    const res = await server.post(`/api/burn-cnft/${cnfts[4].assetId}`, {
      cachedProofData: null,
      ownerAddress: owner.publicKey.toBase58(),
    });
    expect(res.json.success).toBe(true);
    await signAndSend(server, res.json.transaction, owner);
    expect((await ownerOf(server, cnfts[4].assetId)).burnt).toBe(true);
  });
});

/** The delegated-transfer body fields: the signed 'delegated-transfer' message of this asset. */
async function delegatedAuth(id: string, opts = {}) {
  const { message, signature } = await signedAuth(
    server.url,
    owner,
    { action: 'delegated-transfer', assetIds: [id] },
    opts,
  );
  return { message, signedMessage: signature };
}

describe('delegation and delegated transfer', () => {
  it('delegate/info: the demo cNFT 0 is delegated to the server, the others are not', async () => {
    const yes = await server.get(`/api/delegate/info/${cnfts[0].assetId}`);
    expect(yes.json.delegationInfo).toEqual({ delegated: true, delegate });
    const no = await server.get(`/api/delegate/info/${cnfts[5].assetId}`);
    expect(no.json.delegationInfo).toEqual({ delegated: false, delegate: null });
    const proof = await server.get(`/api/delegate/proof/${cnfts[0].assetId}`);
    expect(proof.json.proofData.proof.length).toBeGreaterThan(0);
  });

  it('delegated-transfer: a forged signature is refused and nothing moves', async () => {
    const id = cnfts[0].assetId;
    const res = await server.post('/api/delegated-transfer', {
      sender: owner.publicKey.toBase58(),
      assetId: id,
      ...(await delegatedAuth(id, { signer: Keypair.generate() })),
      proofData: null,
    });
    expect(res.status).toBe(403);
    expect((await ownerOf(server, id)).owner).toBe(owner.publicKey.toBase58());
  });

  it('delegated-transfer of a cNFT not delegated → 400', async () => {
    const id = cnfts[5].assetId;
    const res = await server.post('/api/delegated-transfer', {
      sender: owner.publicKey.toBase58(),
      assetId: id,
      ...(await delegatedAuth(id)),
      proofData: null,
    });
    expect(res.status).toBe(400);
  });

  it('delegated-transfer moves the delegated cNFT to TRASH_WALLET, signed by the server delegate', async () => {
    const id = cnfts[0].assetId;
    const res = await server.post('/api/delegated-transfer', {
      sender: owner.publicKey.toBase58(),
      assetId: id,
      ...(await delegatedAuth(id)),
      proofData: null,
    });
    expect(res.json).toMatchObject({ success: true });
    expect(res.json.explorerUrl).toContain(res.json.signature);
    expect((await ownerOf(server, id)).owner).toBe(trash);
  });

  it('cnft/delegate answers proof, tree, tree authority and a delegate transaction; signing it delegates', async () => {
    const id = cnfts[5].assetId;
    const wrong = await server.post('/api/cnft/delegate', {
      ownerAddress: owner.publicKey.toBase58(),
      assetId: id,
      delegatePublicKey: Keypair.generate().publicKey.toBase58(),
    });
    expect(wrong.status).toBe(400);
    const res = await server.post('/api/cnft/delegate', {
      ownerAddress: owner.publicKey.toBase58(),
      assetId: id,
      delegatePublicKey: delegate,
    });
    expect(res.json.data).toMatchObject({ treeId: cnfts[5].tree, delegate });
    expect(res.json.data.requiredProof.proof.length).toBe(6);
    await signAndSend(server, res.json.transaction, owner);
    expect((await server.get(`/api/delegate/info/${id}`)).json.delegationInfo.delegated).toBe(true);
  });
});
