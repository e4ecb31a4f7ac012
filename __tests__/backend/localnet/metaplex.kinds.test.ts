// PRODUCT difference 12: today's kinds burned and moved on the local chain with Metaplex's own clients (Umi), checked to the lamport.
import { publicKey, type Umi } from '@metaplex-foundation/umi';
import {
  TokenStandard,
  burnV1,
  findEditionMarkerFromEditionNumberPda,
  findMetadataPda,
} from '@metaplex-foundation/mpl-token-metadata';
import { burnV1 as coreBurnV1, mplCore } from '@metaplex-foundation/mpl-core';
import { burnV2, delegateV2, getAssetWithProof, transferV2 } from '@metaplex-foundation/mpl-bubblegum';
import { Keypair } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM } from '../../../src/common/addresses';
import { decodeCoreCollection } from '../../../backend/localnet/metaplex/core';
import type { KindsManifest } from '../../../backend/localnet/metaplex';
import { fundedKeypair, startHarness, type Harness } from './metaplexHarness';

let h: Harness;
let owner: Keypair;
let umi: Umi;
let kinds: KindsManifest;
beforeAll(async () => {
  h = await startHarness();
  owner = fundedKeypair(h);
  umi = h.umiFor(owner).use(mplCore());
  kinds = h.metaplex.fundKinds(owner.publicKey.toBase58());
});
afterAll(async () => {
  await h.close();
});

const FEE = 5000n;
const lamports = (a: string) => h.localnet.chain.getAccount(a)?.lamports ?? 0n;
const sum = (as: string[]) => as.reduce((n, a) => n + lamports(a), 0n);
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
    return null;
  } catch (e) {
    return `${(e as Error).message} ${((e as { logs?: string[] }).logs ?? []).join(' ')}`;
  }
};

test('pNFT burnV1 thaws and closes token account, metadata, master edition and token record', async () => {
  const p = kinds.pnfts[0];
  const accounts = [p.tokenAccount, p.metadata, p.edition, p.tokenRecord!];
  const drained = sum(accounts);
  expect(lamports(p.tokenRecord!)).toBe(BigInt(h.localnet.chain.rent(80)));
  const before = lamports(owner.publicKey.toBase58());
  // Without the token record the program refuses (MissingTokenRecord = 159 = 0x9f).
  expect(
    await failure(
      burnV1(umi, {
        mint: publicKey(p.mint),
        tokenStandard: TokenStandard.NonFungible,
        collectionMetadata: findMetadataPda(umi, { mint: publicKey(kinds.pnftCollection.mint) }),
      }).sendAndConfirm(umi),
    ),
  ).toMatch(/0x9f/);
  const afterFail = lamports(owner.publicKey.toBase58()); // refused in preflight: never sent, no fee
  await burnV1(umi, {
    mint: publicKey(p.mint),
    tokenStandard: TokenStandard.ProgrammableNonFungible,
    collectionMetadata: findMetadataPda(umi, { mint: publicKey(kinds.pnftCollection.mint) }),
  }).sendAndConfirm(umi);
  expect(afterFail).toBe(before);
  expect(lamports(owner.publicKey.toBase58())).toBe(afterFail + drained - FEE);
  for (const a of accounts) expect(h.localnet.chain.getAccount(a)).toBeNull();
});

test("print edition burnV1 names the master accounts; the marker stays while the master is someone else's", async () => {
  const e = kinds.printEditions[0];
  const m = e.master!;
  const drained = sum([e.tokenAccount, e.metadata, e.edition]);
  const markerBefore = lamports(m.marker);
  const before = lamports(owner.publicKey.toBase58());
  await burnV1(umi, {
    mint: publicKey(e.mint),
    tokenStandard: TokenStandard.NonFungibleEdition,
    masterEditionMint: publicKey(m.mint),
    masterEditionToken: publicKey(m.tokenAccount),
    editionMarker: findEditionMarkerFromEditionNumberPda(umi, {
      mint: publicKey(m.mint),
      editionNumber: m.editionNumber,
    }),
  }).sendAndConfirm(umi);
  expect(lamports(owner.publicKey.toBase58())).toBe(before + drained - FEE);
  expect(lamports(m.marker)).toBe(markerBefore);
  expect(h.localnet.chain.getAccount(m.edition)!.data[1]).toBe(0); // master edition supply 1 → 0
});

test('Token-2022 NFT burnV1 with the Token-2022 program closes its 170-byte account, metadata and edition', async () => {
  const t = kinds.token2022Nfts[0];
  expect(h.localnet.chain.getAccount(t.tokenAccount)!.owner).toBe(TOKEN_2022_PROGRAM);
  const drained = sum([t.tokenAccount, t.metadata, t.edition]);
  const before = lamports(owner.publicKey.toBase58());
  await burnV1(umi, {
    mint: publicKey(t.mint),
    tokenStandard: TokenStandard.NonFungible,
    splTokenProgram: publicKey(TOKEN_2022_PROGRAM),
    token: publicKey(t.tokenAccount),
  }).sendAndConfirm(umi);
  expect(lamports(owner.publicKey.toBase58())).toBe(before + drained - FEE);
  expect(h.localnet.chain.getAccount(t.tokenAccount)).toBeNull();
});

test('Core burnV1 returns rent(size) − rent(1) and leaves a one-byte account; a collection shrinks', async () => {
  const [alone, member] = kinds.coreAssets;
  const chain = h.localnet.chain;
  const size = chain.getAccount(alone.asset)!.data.length;
  const back = BigInt(chain.rent(size) - chain.rent(1));
  let before = lamports(owner.publicKey.toBase58());
  await coreBurnV1(umi, { asset: publicKey(alone.asset) }).sendAndConfirm(umi);
  expect(lamports(owner.publicKey.toBase58())).toBe(before + back - FEE);
  expect(chain.getAccount(alone.asset)!.data).toEqual(Uint8Array.of(0));
  expect(lamports(alone.asset)).toBe(BigInt(chain.rent(1)));
  // In a collection: without the collection account it fails (MissingCollection = 25 = 0x19).
  expect(await failure(coreBurnV1(umi, { asset: publicKey(member.asset) }).sendAndConfirm(umi))).toMatch(/0x19/);
  before = lamports(owner.publicKey.toBase58());
  const memberBack = BigInt(chain.rent(chain.getAccount(member.asset)!.data.length) - chain.rent(1));
  const sizeBefore = decodeCoreCollection(chain.getAccount(member.collection!)!.data)!.currentSize;
  await coreBurnV1(umi, { asset: publicKey(member.asset), collection: publicKey(member.collection!) }).sendAndConfirm(
    umi,
  );
  expect(lamports(owner.publicKey.toBase58())).toBe(before + memberBack - FEE);
  expect(decodeCoreCollection(chain.getAccount(member.collection!)!.data)!.currentSize).toBe(sizeBefore - 1);
  const list = await umi.rpc.getAssetsByOwner({ owner: umi.identity.publicKey });
  expect(list.items.map((i) => i.id)).not.toContain(member.asset);
});

test('Bubblegum V2: transferV2 moves a plain leaf (DAS shows the new owner); frozen and non-transferable ones refuse', async () => {
  const [plain, frozen, soulbound] = kinds.cnftsV2;
  const das = await umi.rpc.getAsset(publicKey(frozen.assetId));
  expect(das.ownership).toEqual(expect.objectContaining({ frozen: true, non_transferable: false }));
  expect(das.compression).toEqual(expect.objectContaining({ flags: 1 }));
  const to = Keypair.generate().publicKey.toBase58();
  const move = async (id: string) => {
    const a = await getAssetWithProof(umi, publicKey(id), { truncateCanopy: true });
    return transferV2(umi, { ...a, authority: umi.identity, newLeafOwner: publicKey(to) }).sendAndConfirm(umi);
  };
  expect(await failure(move(frozen.assetId))).toMatch(/0x179d/); // AssetIsFrozen 6045
  expect(await failure(move(soulbound.assetId))).toMatch(/0x179e/); // AssetIsNonTransferable 6046
  const before = lamports(owner.publicKey.toBase58());
  await move(plain.assetId);
  expect(lamports(owner.publicKey.toBase58())).toBe(before - FEE - 6000n); // + transferV2's protocol fee
  expect((await umi.rpc.getAsset(publicKey(plain.assetId))).ownership.owner).toBe(to);
});

test('Bubblegum V2: the owner may burn a non-transferable leaf and delegate with delegateV2; a frozen leaf refuses both', async () => {
  const [, frozen, soulbound] = kinds.cnftsV2;
  const delegate = Keypair.generate().publicKey;
  const asset = async (id: string) => getAssetWithProof(umi, publicKey(id), { truncateCanopy: true });
  const f = await asset(frozen.assetId);
  expect(await failure(burnV2(umi, { ...f, authority: umi.identity }).sendAndConfirm(umi))).toMatch(/0x179d/);
  expect(
    await failure(
      delegateV2(umi, {
        ...f,
        leafOwner: umi.identity,
        previousLeafDelegate: f.leafDelegate,
        newLeafDelegate: publicKey(delegate.toBase58()),
      }).sendAndConfirm(umi),
    ),
  ).toMatch(/0x179d/);
  const s = await asset(soulbound.assetId);
  await delegateV2(umi, {
    ...s,
    leafOwner: umi.identity,
    previousLeafDelegate: s.leafDelegate,
    newLeafDelegate: publicKey(delegate.toBase58()),
  }).sendAndConfirm(umi);
  expect((await umi.rpc.getAsset(publicKey(soulbound.assetId))).ownership.delegate).toBe(delegate.toBase58());
  const s2 = await asset(soulbound.assetId);
  await burnV2(umi, { ...s2, authority: umi.identity }).sendAndConfirm(umi);
  expect((await umi.rpc.getAsset(publicKey(soulbound.assetId))).burnt).toBe(true);
});
