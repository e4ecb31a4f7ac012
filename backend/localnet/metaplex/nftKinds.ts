// Today's Token Metadata kinds (PRODUCT difference 12): programmable NFTs (frozen token account + token record), Token-2022 NFTs
// and print editions (edition + edition marker, master held by someone else). Mints and token accounts are made by
// real SPL transactions; Token Metadata's accounts are written with mpl-token-metadata's serializers at mainnet sizes.
import { Keypair as Kp, type Keypair, PublicKey } from '@solana/web3.js';
import type { PublicKey as UmiPublicKey } from '@metaplex-foundation/umi';
import {
  type TokenDelegateRole,
  TokenStandard,
  TokenState,
  getEditionAccountDataSerializer,
  getEditionMarkerAccountDataSerializer,
  getMasterEditionAccountDataSerializer,
  getTokenRecordAccountDataSerializer,
} from '@metaplex-foundation/mpl-token-metadata';
import { AccountLayout, AccountState, ExtensionType } from '@solana/spl-token';
import type { Chain } from '../chain';
import { encodeMasterEdition, encodeMetadata } from './accounts';
import {
  EDITION_MARKER_SIZE,
  EDITION_SIZE,
  METADATA_SIZE,
  PRINT_EDITION_SIZE,
  TOKEN_2022_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
  TOKEN_RECORD_SIZE,
} from './constants';
import { mintNftByTransaction } from './nftMint';
import type { NftEntry, NftSpec } from './nfts';
import { associatedTokenAddress, editionMarkerPda, editionPda, metadataPda, tokenRecordPda } from './pdas';

export type NftKind = 'pnft' | 'token2022' | 'print';
export interface KindNftEntry extends NftEntry {
  kind: NftKind;
  tokenProgram: string;
  tokenRecord?: string; // pNFT
  master?: {
    mint: string;
    edition: string;
    tokenAccount: string;
    owner: string;
    marker: string;
    editionNumber: number;
  }; // print
}

const rentOf = (chain: Chain, bytes: number) => BigInt(chain.rent(bytes));

function writeMetadataAndEdition(
  chain: Chain,
  spec: NftSpec,
  mint: string,
  standard: TokenStandard,
  edition: Uint8Array,
  editionSize: number,
) {
  chain.setAccount(metadataPda(mint), {
    lamports: rentOf(chain, METADATA_SIZE),
    owner: TOKEN_METADATA_PROGRAM,
    data: encodeMetadata({
      mint,
      updateAuthority: spec.updateAuthority,
      name: spec.name,
      symbol: spec.symbol,
      uri: spec.uri,
      collection: spec.collection,
      tokenStandard: standard,
      creators: [{ address: spec.updateAuthority, verified: true, share: 100 }],
    }),
  });
  const data = new Uint8Array(editionSize);
  data.set(edition.subarray(0, editionSize));
  chain.setAccount(editionPda(mint), { lamports: rentOf(chain, editionSize), owner: TOKEN_METADATA_PROGRAM, data });
}

/** A pNFT's token delegate as its token record and token account keep it (a marketplace's or a staking program's). */
export interface PnftDelegate {
  delegate: string;
  role: TokenDelegateRole;
  /** Listed for a Sale delegate (delegate.rs), Locked once the delegate locks it (state/lock.rs), else Unlocked. */
  state: TokenState;
}

/**
 * A pNFT: frozen token account (freeze authority = edition PDA), metadata, master edition and a token record,
 * Unlocked unless `delegated` says otherwise (then the token account names the delegate for its one token, as
 * mpl-token-metadata processor/delegate/delegate.rs leaves it: thaw, SPL approve, freeze).
 */
export function writePnft(chain: Chain, spec: NftSpec, payer: Keypair, delegated?: PnftDelegate): KindNftEntry {
  const mintKp = Kp.generate();
  const mint = mintKp.publicKey.toBase58();
  mintNftByTransaction(chain, payer, spec.owner, editionPda(mint), mintKp, { freeze: true });
  writeMetadataAndEdition(
    chain,
    spec,
    mint,
    TokenStandard.ProgrammableNonFungible,
    encodeMasterEdition(),
    EDITION_SIZE,
  );
  const tokenAccount = associatedTokenAddress(spec.owner, mint);
  const tokenRecord = tokenRecordPda(mint, tokenAccount);
  const bytes = getTokenRecordAccountDataSerializer().serialize({
    bump: 255,
    state: delegated?.state ?? TokenState.Unlocked,
    ruleSetRevision: null,
    delegate: delegated ? (delegated.delegate as UmiPublicKey) : null,
    delegateRole: delegated?.role ?? null,
    lockedTransfer: null,
  });
  if (delegated) delegateTokenAccount(chain, tokenAccount, delegated.delegate);
  const data = new Uint8Array(TOKEN_RECORD_SIZE);
  data.set(bytes.subarray(0, TOKEN_RECORD_SIZE));
  chain.setAccount(tokenRecord, { lamports: rentOf(chain, TOKEN_RECORD_SIZE), owner: TOKEN_METADATA_PROGRAM, data });
  return {
    mint,
    tokenAccount,
    metadata: metadataPda(mint),
    edition: editionPda(mint),
    name: spec.name,
    symbol: spec.symbol,
    uri: spec.uri,
    image: spec.image,
    kind: 'pnft',
    tokenProgram: chain.getAccount(tokenAccount)!.owner,
    tokenRecord,
  };
}

/**
 * Names `delegate` on a token account for its one token, as SPL Token's Approve leaves it (delegate, delegated amount
 * 1); `freeze` then freezes it, as Token Metadata's freeze_delegated_account does for a staking program's delegate
 * (processor/freeze/freeze_delegated_account.rs, `process_freeze_delegated_account`: the edition PDA, the mint's
 * freeze authority, signs SPL FreezeAccount).
 */
export function delegateTokenAccount(chain: Chain, tokenAccount: string, delegate: string, freeze = false): void {
  const acc = chain.getAccount(tokenAccount)!;
  const data = Buffer.from(acc.data);
  const base = AccountLayout.decode(data.subarray(0, AccountLayout.span));
  AccountLayout.encode(
    {
      ...base,
      delegateOption: 1,
      delegate: new PublicKey(delegate),
      delegatedAmount: 1n,
      state: freeze ? AccountState.Frozen : base.state,
    },
    data,
  );
  chain.setAccount(tokenAccount, { lamports: acc.lamports, owner: acc.owner, data: new Uint8Array(data) });
}

/**
 * A Token Metadata NFT whose mint and token account live in Token-2022 (170-byte ATA with ImmutableOwner). `extensions`:
 * mint extensions Token Metadata accepts (utils/token.rs: MintCloseAuthority, NonTransferable, MetadataPointer).
 */
export function writeToken2022Nft(
  chain: Chain,
  spec: NftSpec,
  payer: Keypair,
  extensions?: ExtensionType[],
): KindNftEntry {
  const mintKp = Kp.generate();
  const mint = mintKp.publicKey.toBase58();
  mintNftByTransaction(chain, payer, spec.owner, editionPda(mint), mintKp, { program: TOKEN_2022_PROGRAM, extensions });
  writeMetadataAndEdition(chain, spec, mint, TokenStandard.NonFungible, encodeMasterEdition(), EDITION_SIZE);
  return {
    mint,
    tokenAccount: associatedTokenAddress(spec.owner, mint, TOKEN_2022_PROGRAM),
    metadata: metadataPda(mint),
    edition: editionPda(mint),
    name: spec.name,
    symbol: spec.symbol,
    uri: spec.uri,
    image: spec.image,
    kind: 'token2022',
    tokenProgram: TOKEN_2022_PROGRAM,
  };
}

export interface MasterEntry extends NftEntry {
  owner: string;
  tokenProgram: string;
}

/**
 * A master edition NFT held by `spec.owner`, counting no prints yet. A Token-2022 master's mint carries the
 * MetadataPointer and MintCloseAuthority extensions (270 bytes), as Token-2022 NFT mints on mainnet do.
 */
export function writeMaster(chain: Chain, spec: NftSpec, payer: Keypair, program?: string): MasterEntry {
  const mintKp = Kp.generate();
  const mint = mintKp.publicKey.toBase58();
  const extensions =
    program === TOKEN_2022_PROGRAM ? [ExtensionType.MetadataPointer, ExtensionType.MintCloseAuthority] : undefined;
  mintNftByTransaction(chain, payer, spec.owner, editionPda(mint), mintKp, { program, extensions });
  const edition = encodeMasterEdition({ supply: 0n, maxSupply: 10n });
  writeMetadataAndEdition(chain, spec, mint, TokenStandard.NonFungible, edition, EDITION_SIZE);
  const tokenProgram = program ?? TOKEN_PROGRAM;
  return {
    mint,
    tokenAccount: associatedTokenAddress(spec.owner, mint, tokenProgram),
    metadata: metadataPda(mint),
    edition: editionPda(mint),
    name: spec.name,
    symbol: spec.symbol,
    uri: spec.uri,
    image: spec.image,
    owner: spec.owner,
    tokenProgram,
  };
}

/**
 * Print edition `editionNumber` of `master`, held by `spec.owner` (an SPL Token mint): the print's edition names the
 * master edition as parent, its bit is set in the marker ['metadata', program, master mint, 'edition', e / 248]
 * (EditionMarker: key + 31-byte ledger; bit of edition e: byte (e % 248) / 8, mask 2^(7 - e % 8), mpl-token-metadata
 * state/edition_marker.rs) and the master edition counts one more print (its supply).
 */
export function writePrint(
  chain: Chain,
  spec: NftSpec,
  payer: Keypair,
  master: MasterEntry,
  editionNumber: bigint,
): KindNftEntry {
  const mintKp = Kp.generate();
  const mint = mintKp.publicKey.toBase58();
  mintNftByTransaction(chain, payer, spec.owner, editionPda(mint), mintKp);
  const editionBytes = getEditionAccountDataSerializer().serialize({
    parent: master.edition as UmiPublicKey,
    edition: editionNumber,
  });
  writeMetadataAndEdition(chain, spec, mint, TokenStandard.NonFungibleEdition, editionBytes, PRINT_EDITION_SIZE);
  const marker = editionMarkerPda(master.mint, editionNumber);
  const old = chain.getAccount(marker);
  const ledger = old?.data.length
    ? [...getEditionMarkerAccountDataSerializer().deserialize(old.data)[0].ledger]
    : new Array<number>(31).fill(0);
  const offset = Number(editionNumber % 248n);
  ledger[Math.floor(offset / 8)] |= 2 ** (7 - (offset % 8));
  const markerData = new Uint8Array(EDITION_MARKER_SIZE);
  markerData.set(getEditionMarkerAccountDataSerializer().serialize({ ledger }));
  chain.setAccount(marker, {
    lamports: rentOf(chain, EDITION_MARKER_SIZE),
    owner: TOKEN_METADATA_PROGRAM,
    data: markerData,
  });
  const me = chain.getAccount(master.edition)!;
  const [med] = getMasterEditionAccountDataSerializer().deserialize(me.data);
  const meData = new Uint8Array(me.data.length);
  meData.set(getMasterEditionAccountDataSerializer().serialize({ ...med, supply: med.supply + 1n }));
  chain.setAccount(master.edition, { lamports: me.lamports, owner: me.owner, data: meData });
  return {
    mint,
    tokenAccount: associatedTokenAddress(spec.owner, mint),
    metadata: metadataPda(mint),
    edition: editionPda(mint),
    name: spec.name,
    symbol: spec.symbol,
    uri: spec.uri,
    image: spec.image,
    kind: 'print',
    tokenProgram: chain.getAccount(associatedTokenAddress(spec.owner, mint))!.owner,
    master: {
      mint: master.mint,
      edition: master.edition,
      tokenAccount: master.tokenAccount,
      owner: master.owner,
      marker,
      editionNumber: Number(editionNumber),
    },
  };
}

/** Print edition #1 of a master NFT held by `masterOwner` (the demo's print). */
export function writePrintEdition(chain: Chain, spec: NftSpec & { masterOwner: string }, payer: Keypair): KindNftEntry {
  const master = writeMaster(
    chain,
    { ...spec, owner: spec.masterOwner, name: `${spec.name} (master)`, collection: undefined },
    payer,
  );
  return writePrint(chain, spec, payer, master, 1n);
}
