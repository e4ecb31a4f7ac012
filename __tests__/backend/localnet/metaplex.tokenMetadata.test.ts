// Token Metadata burnV1 built with mpl-token-metadata, signed by the owner, sent through the local chain.
import { publicKey } from '@metaplex-foundation/umi';
import { TokenStandard, burnV1, fetchMetadata, findMetadataPda } from '@metaplex-foundation/mpl-token-metadata';
import { decodeMint } from '../../../backend/localnet/metaplex/accounts';
import { fundedKeypair, startHarness, type Harness } from './metaplexHarness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const FEE = 5000n;

test('burnV1 credits the owner token account + metadata + edition rent minus the fee, and the NFT is gone', async () => {
  const owner = fundedKeypair(h);
  const o = owner.publicKey.toBase58();
  const { collection, nfts } = h.metaplex.fundNfts(o, 2);
  const nft = nfts[0];
  const umi = h.umiFor(owner);
  const chain = h.localnet.chain;
  const rent = [nft.tokenAccount, nft.metadata, nft.edition].reduce((n, a) => n + chain.getAccount(a)!.lamports, 0n);
  expect(rent).toBe(10_509_600n);
  const before = chain.getBalance(o);

  await burnV1(umi, {
    mint: publicKey(nft.mint),
    authority: umi.identity,
    tokenOwner: umi.identity.publicKey,
    tokenStandard: TokenStandard.NonFungible,
    collectionMetadata: findMetadataPda(umi, { mint: publicKey(collection.mint) }),
  }).sendAndConfirm(umi);

  expect(chain.getBalance(o)).toBe(before + rent - FEE);
  for (const a of [nft.tokenAccount, nft.metadata, nft.edition]) expect(chain.getAccount(a)).toBeNull();
  expect(decodeMint(chain.getAccount(nft.mint)!.data)!.supply).toBe(0n);
  const list = await umi.rpc.getAssetsByOwner({ owner: publicKey(o) });
  expect(list.items.map((i) => i.id)).not.toContain(nft.mint);
  expect(list.items.map((i) => i.id)).toContain(nfts[1].mint);
  const coll = await fetchMetadata(umi, findMetadataPda(umi, { mint: publicKey(collection.mint) }));
  expect(coll.collectionDetails).toEqual(expect.objectContaining({ value: expect.objectContaining({ size: 1n }) }));
});

test('burnV1 by someone else, or without the collection metadata, fails and burns nothing', async () => {
  const owner = fundedKeypair(h);
  const o = owner.publicKey.toBase58();
  const { collection, nfts } = h.metaplex.fundNfts(o, 1);
  const nft = nfts[0];
  const thief = fundedKeypair(h);
  const thiefUmi = h.umiFor(thief);
  const chain = h.localnet.chain;
  const attempt = async (build: () => ReturnType<typeof burnV1>) => {
    try {
      await build().sendAndConfirm(thiefUmi);
      return null;
    } catch (e) {
      return `${(e as Error).message} ${((e as { logs?: string[] }).logs ?? []).join(' ')}`;
    }
  };
  const collectionMetadata = findMetadataPda(thiefUmi, { mint: publicKey(collection.mint) });
  // The thief names the owner's token account but signs as himself.
  expect(
    await attempt(() =>
      burnV1(thiefUmi, {
        mint: publicKey(nft.mint),
        authority: thiefUmi.identity,
        tokenOwner: publicKey(o),
        tokenStandard: TokenStandard.NonFungible,
        collectionMetadata,
      }),
    ),
  ).toContain('0x9e'); // InvalidAuthorityType

  const umi = h.umiFor(owner);
  let err: string | null = null;
  try {
    await burnV1(umi, {
      mint: publicKey(nft.mint),
      authority: umi.identity,
      tokenOwner: umi.identity.publicKey,
      tokenStandard: TokenStandard.NonFungible,
    }).sendAndConfirm(umi);
  } catch (e) {
    err = `${(e as Error).message} ${((e as { logs?: string[] }).logs ?? []).join(' ')}`;
  }
  expect(err).toContain('0x67'); // MissingCollectionMetadata
  for (const a of [nft.tokenAccount, nft.metadata, nft.edition]) expect(chain.getAccount(a)).not.toBeNull();

  // The same NFT burned twice in one transaction: the second finds it gone, the whole transaction fails.
  const burn = () =>
    burnV1(umi, {
      mint: publicKey(nft.mint),
      authority: umi.identity,
      tokenOwner: umi.identity.publicKey,
      tokenStandard: TokenStandard.NonFungible,
      collectionMetadata,
    });
  const before = chain.getBalance(o);
  err = null;
  try {
    await burn().add(burn()).sendAndConfirm(umi);
  } catch (e) {
    err = `${(e as Error).message} ${((e as { logs?: string[] }).logs ?? []).join(' ')}`;
  }
  expect(err).toContain('0x39'); // IncorrectOwner
  expect(chain.getBalance(o)).toBe(before);
  for (const a of [nft.tokenAccount, nft.metadata, nft.edition]) expect(chain.getAccount(a)).not.toBeNull();
});
