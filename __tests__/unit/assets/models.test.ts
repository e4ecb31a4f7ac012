import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { publicKey, some, none } from '@metaplex-foundation/umi';
import { Keypair } from '@solana/web3.js';
import { decodeMetadata, metadataAddress } from '../../../src/chain/metadataAccount';
import { cnftFromAsset, nftFromAsset } from '../../../src/features/assets/nfts/nftModel';
import {
  isBurnable,
  tokenFromItem,
  withMetadata,
  withUnknownMetadata,
} from '../../../src/features/assets/tokens/tokenModel';

const MINT = 'So11111111111111111111111111111111111111112';

describe('token defaults (docs/PRODUCT.md#data-and-defaults)', () => {
  it('derives symbol, name and icon from the mint when nothing is known', () => {
    const t = tokenFromItem({ mint: MINT, amount: '5', decimals: 9, tokenAccount: 'acc' });
    expect(t).toMatchObject({
      symbol: 'So11',
      name: 'Token So111111',
      logoURI: '/static/default-token.svg',
      hasMetadata: false,
    });
  });
  it('keeps metadata the server sent and forces the configured mint to 0 decimals', () => {
    const t = tokenFromItem(
      { mint: MINT, amount: '5', decimals: 9, tokenAccount: 'acc', symbol: 'WSOL', name: 'Wrapped SOL' },
      MINT,
    );
    expect(t).toMatchObject({ symbol: 'WSOL', name: 'Wrapped SOL', decimals: 0, hasMetadata: true });
  });
  it('applies fetched metadata, and unknown data on failure', () => {
    const t = tokenFromItem({ mint: MINT, amount: '5', decimals: 9, tokenAccount: 'acc' });
    expect(withMetadata(t, { symbol: 'ABC', name: 'Abc', icon: '/x.png', decimals: 9, uri: null })).toMatchObject({
      symbol: 'ABC',
      name: 'Abc',
      logoURI: '/x.png',
      hasMetadata: true,
    });
    expect(withUnknownMetadata(t)).toMatchObject({
      symbol: 'Unknown',
      name: 'Unknown Token',
      logoURI: '/static/default-token.svg',
    });
  });
  it('burnable: amount above 0 and not the single-unit zero-decimal pattern', () => {
    expect(isBurnable({ balance: '0', decimals: 6 })).toBe(false);
    expect(isBurnable({ balance: '1', decimals: 0 })).toBe(false);
    expect(isBurnable({ balance: '2', decimals: 0 })).toBe(true);
    expect(isBurnable({ balance: '1', decimals: 6 })).toBe(true);
    expect(isBurnable({ balance: '18446744073709551615', decimals: 9 })).toBe(true);
  });
});

describe('NFT and cNFT defaults (docs/PRODUCT.md#data-and-defaults)', () => {
  const base = { id: MINT, mint: MINT, name: '', image: null, collection: null, compressed: false };
  it('names, images and collections fall back', () => {
    expect(nftFromAsset(base)).toMatchObject({
      name: 'NFT So1111',
      image: '/static/default-nft.svg',
      collection: 'Unknown Collection',
    });
    expect(cnftFromAsset({ ...base, compressed: true, name: 'Leaf #1', collection: 'Trees' })).toMatchObject({
      mint: MINT,
      name: 'Leaf #1',
      collection: 'Trees',
    });
  });
});

describe('metadata account decoding', () => {
  it('reads name, symbol, uri and collection from an account the Metaplex serializer wrote', () => {
    const collection = Keypair.generate().publicKey.toBase58();
    const bytes = getMetadataAccountDataSerializer().serialize({
      updateAuthority: publicKey(Keypair.generate().publicKey.toBase58()),
      mint: publicKey(MINT),
      name: 'Demo NFT #3'.padEnd(32, '\0'),
      symbol: 'DEMO'.padEnd(10, '\0'),
      uri: '/static/demo/nft-3.svg'.padEnd(200, '\0'),
      sellerFeeBasisPoints: 500,
      creators: some([{ address: publicKey(collection), verified: true, share: 100 }]),
      primarySaleHappened: false,
      isMutable: true,
      editionNonce: some(254),
      tokenStandard: some(0),
      collection: some({ verified: false, key: publicKey(collection) }),
      uses: none(),
      collectionDetails: none(),
      programmableConfig: none(),
    });
    expect(decodeMetadata(bytes)).toEqual({
      name: 'Demo NFT #3',
      symbol: 'DEMO',
      uri: '/static/demo/nft-3.svg',
      collectionKey: collection,
    });
  });
  it('derives the metadata PDA', () => {
    expect(metadataAddress(MINT)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });
});
