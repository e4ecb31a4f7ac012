// Byte layouts of the accounts an NFT consists of, written with the programs' own serializers
// (SPL Token layouts from @solana/spl-token, Token Metadata's from mpl-token-metadata).
import { AccountLayout, MintLayout } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { none, some, type PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import {
  Key,
  TokenStandard,
  getMasterEditionAccountDataSerializer,
  getMetadataAccountDataSerializer,
  type Metadata,
} from '@metaplex-foundation/mpl-token-metadata';
import { EDITION_SIZE, METADATA_SIZE, MINT_SIZE, TOKEN_ACCOUNT_SIZE } from './constants';

const pk = (a: string) => new PublicKey(a);
const umiKey = (a: string) => a as UmiPublicKey;

export function encodeMint(o: {
  authority: string | null;
  supply: bigint;
  decimals: number;
  freezeAuthority: string | null;
}): Uint8Array {
  const buf = Buffer.alloc(MINT_SIZE);
  MintLayout.encode(
    {
      mintAuthorityOption: o.authority ? 1 : 0,
      mintAuthority: pk(o.authority ?? PublicKey.default.toBase58()),
      supply: o.supply,
      decimals: o.decimals,
      isInitialized: true,
      freezeAuthorityOption: o.freezeAuthority ? 1 : 0,
      freezeAuthority: pk(o.freezeAuthority ?? PublicKey.default.toBase58()),
    },
    buf,
  );
  return buf;
}

export function encodeTokenAccount(o: { mint: string; owner: string; amount: bigint; frozen?: boolean }): Uint8Array {
  const buf = Buffer.alloc(TOKEN_ACCOUNT_SIZE);
  AccountLayout.encode(
    {
      mint: pk(o.mint),
      owner: pk(o.owner),
      amount: o.amount,
      delegateOption: 0,
      delegate: PublicKey.default,
      state: o.frozen ? 2 : 1,
      isNativeOption: 0,
      isNative: 0n,
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    buf,
  );
  return buf;
}

export interface TokenAccountInfo {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: number;
}

/** SPL Token / Token-2022 account base layout, or null when the bytes are not an initialised token account. */
export function decodeTokenAccount(data: Uint8Array): TokenAccountInfo | null {
  if (data.length < TOKEN_ACCOUNT_SIZE || (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2))
    return null;
  const a = AccountLayout.decode(data.subarray(0, TOKEN_ACCOUNT_SIZE));
  if (a.state === 0) return null;
  return {
    mint: a.mint.toBase58(),
    owner: a.owner.toBase58(),
    amount: a.amount,
    state: a.state,
    delegate: a.delegateOption ? a.delegate.toBase58() : null,
  };
}

export function decodeMint(data: Uint8Array): { supply: bigint; decimals: number } | null {
  if (data.length < MINT_SIZE) return null;
  const m = MintLayout.decode(data.subarray(0, MINT_SIZE));
  return m.isInitialized ? { supply: m.supply, decimals: m.decimals } : null;
}

export interface MetadataInput {
  mint: string;
  updateAuthority: string;
  name: string;
  symbol: string;
  uri: string;
  collection?: string; // verified collection mint
  collectionSize?: number; // set on the collection NFT itself (sized collection)
  creators?: { address: string; verified: boolean; share: number }[];
  tokenStandard?: TokenStandard; // default NonFungible
}

/** A Token Metadata account as the program allocates it: MetadataV1, zero-padded to 679 bytes. */
export function encodeMetadata(m: MetadataInput): Uint8Array {
  const bytes = getMetadataAccountDataSerializer().serialize({
    updateAuthority: umiKey(m.updateAuthority),
    mint: umiKey(m.mint),
    name: m.name,
    symbol: m.symbol,
    uri: m.uri,
    sellerFeeBasisPoints: 0,
    creators: m.creators?.length ? some(m.creators.map((c) => ({ ...c, address: umiKey(c.address) }))) : none(),
    primarySaleHappened: false,
    isMutable: true,
    editionNonce: none(),
    tokenStandard: some(m.tokenStandard ?? TokenStandard.NonFungible),
    collection: m.collection ? some({ verified: true, key: umiKey(m.collection) }) : none(),
    uses: none(),
    collectionDetails: m.collectionSize !== undefined ? some({ __kind: 'V1', size: BigInt(m.collectionSize) }) : none(),
    // Mainnet pNFTs carry ProgrammableConfig V1 (a rule set or none).
    programmableConfig:
      m.tokenStandard === TokenStandard.ProgrammableNonFungible ? some({ __kind: 'V1', ruleSet: none() }) : none(),
  });
  const out = new Uint8Array(METADATA_SIZE);
  out.set(bytes.subarray(0, METADATA_SIZE));
  return out;
}

export function encodeMasterEdition(o: { supply?: bigint; maxSupply?: bigint } = {}): Uint8Array {
  const out = new Uint8Array(EDITION_SIZE);
  out.set(
    getMasterEditionAccountDataSerializer().serialize({ supply: o.supply ?? 0n, maxSupply: some(o.maxSupply ?? 0n) }),
  );
  return out;
}

export function decodeMetadata(data: Uint8Array): Metadata | null {
  if (data.length === 0 || data[0] !== Key.MetadataV1) return null;
  try {
    const [m] = getMetadataAccountDataSerializer().deserialize(data);
    const clean = (s: string) => s.replace(/\0+$/, '');
    return { ...m, name: clean(m.name), symbol: clean(m.symbol), uri: clean(m.uri) } as Metadata;
  } catch {
    return null;
  }
}
