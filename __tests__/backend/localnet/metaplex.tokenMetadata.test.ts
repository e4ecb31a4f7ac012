// Token Metadata burnV1 built with mpl-token-metadata, signed by the owner, sent through the local chain.
import { publicKey, some } from '@metaplex-foundation/umi';
import {
  TokenStandard,
  burnV1,
  fetchMetadata,
  findMetadataPda,
  getMetadataAccountDataSerializer,
} from '@metaplex-foundation/mpl-token-metadata';
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

test('a sized collection NFT burns before its members, who then burn as usual; a live collection counting 0 refuses a member', async () => {
  // mpl-token-metadata processor/burn/nonfungible.rs: a member's burn passes over a burned parent (no data, or
  // the one-byte remainder), and counts a live sized parent down with checked_sub(1) (utils/collection.rs).
  const owner = fundedKeypair(h);
  const o = owner.publicKey.toBase58();
  const { collection, nfts } = h.metaplex.fundNfts(o, 2);
  const umi = h.umiFor(owner);
  const chain = h.localnet.chain;
  const collectionMetadata = findMetadataPda(umi, { mint: publicKey(collection.mint) });
  const burn = (mint: string, withCollection: boolean) =>
    burnV1(umi, {
      mint: publicKey(mint),
      authority: umi.identity,
      tokenOwner: umi.identity.publicKey,
      tokenStandard: TokenStandard.NonFungible,
      ...(withCollection ? { collectionMetadata } : {}),
    });
  const rentOf = (n: { tokenAccount: string; metadata: string; edition: string }) =>
    [n.tokenAccount, n.metadata, n.edition].reduce((sum, a) => sum + chain.getAccount(a)!.lamports, 0n);

  // A live collection whose recorded size is already 0 (sizes set by a migration can undercount): the member's
  // burn fails as a whole, nothing moves.
  const coll = await fetchMetadata(umi, collectionMetadata);
  const live = chain.getAccount(collection.metadata)!;
  const zero = getMetadataAccountDataSerializer().serialize({
    ...coll,
    collectionDetails: some({ __kind: 'V1', size: 0n }),
  });
  const data = new Uint8Array(live.data.length);
  data.set(zero.subarray(0, data.length));
  chain.setAccount(collection.metadata, { lamports: live.lamports, owner: live.owner, data });
  const before = chain.getBalance(o);
  let err = '';
  try {
    await burn(nfts[0].mint, true).sendAndConfirm(umi);
  } catch (e) {
    err = `${(e as Error).message} ${((e as { logs?: string[] }).logs ?? []).join(' ')}`;
  }
  expect(err).toContain('0x33'); // NumericalOverflowError
  expect(chain.getBalance(o)).toBe(before);
  chain.setAccount(collection.metadata, { lamports: live.lamports, owner: live.owner, data: live.data });

  // The parent first, then a member: both burn, each returning exactly its rent less the fee.
  const parentRent = rentOf(collection);
  await burn(collection.mint, false).sendAndConfirm(umi);
  expect(chain.getBalance(o)).toBe(before + parentRent - FEE);
  const memberRent = rentOf(nfts[0]);
  await burn(nfts[0].mint, true).sendAndConfirm(umi);
  expect(chain.getBalance(o)).toBe(before + parentRent + memberRent - 2n * FEE);
  for (const a of [nfts[0].tokenAccount, nfts[0].metadata, nfts[0].edition]) expect(chain.getAccount(a)).toBeNull();
});
