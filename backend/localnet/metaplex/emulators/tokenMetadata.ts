// Emulated Token Metadata (the real program ships in no registry; see emulated/types.ts): burnV1 of a NonFungible.
// Checks what the program checks for that case; the effect closes token account, metadata and master edition with
// all their lamports going to the owner, sets the mint's supply to 0 and shrinks a sized collection.
import { TokenStandard, getBurnV1InstructionDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { some, unwrapOption } from '@metaplex-foundation/umi';
import type { Chain } from '../../chain';
import { EmulatedProgramError, type EmulatedInstruction, type ProgramEmulator } from '../../emulated/types';
import { decodeMetadata, decodeMint, decodeTokenAccount } from '../accounts';
import { METADATA_SIZE, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../constants';
import { editionPda, metadataPda } from '../pdas';
import { claim } from './claims';

// mpl-token-metadata error codes
const E = { InstructionUnpackError: 0, MintMismatch: 15, DerivedKeyInvalid: 27, IncorrectOwner: 57, MissingCollectionMetadata: 103,
  NotAMemberOfCollection: 104, InvalidMasterEdition: 117, InstructionNotSupported: 153, InvalidAuthorityType: 158, InvalidAmount: 174,
  MissingEdition: 179, InvalidParentAccounts: 182, InsufficientTokenBalance: 184 };
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated Token Metadata: ${msg}`);
const BURN = 41;

export function tokenMetadataEmulator(onBurn: (mint: string) => void): ProgramEmulator {
  return {
    programId: TOKEN_METADATA_PROGRAM,
    lamportEffects: true,
    prepare(ix, { chain, signers }) {
      if (ix.data[0] !== BURN || ix.data[1] !== 0) throw fail('InstructionNotSupported', 'only burnV1 is emulated locally');
      return burnV1(ix, chain, signers, onBurn);
    },
  };
}

function burnV1(ix: EmulatedInstruction, chain: Chain, signers: Set<string>, onBurn: (mint: string) => void): () => void {
  let amount: bigint;
  try { amount = BigInt(getBurnV1InstructionDataSerializer().deserialize(ix.data)[0].amount); }
  catch { throw fail('InstructionUnpackError', 'bad burnV1 data'); }
  if (ix.accounts.length < 14) throw fail('InstructionUnpackError', 'burnV1 needs 14 accounts');
  const [authority, collectionMeta, metadata, edition, mint, token, ...rest] = ix.accounts;
  const absent = (a: { pubkey: string }) => a.pubkey === TOKEN_METADATA_PROGRAM;   // Metaplex's "no account" placeholder
  if (!authority.isSigner) throw fail('InvalidAuthorityType', 'authority must sign');
  for (const a of [metadata, mint, token]) if (!a.isWritable) throw fail('InstructionUnpackError', `${a.pubkey} must be writable`);

  if (metadata.pubkey !== metadataPda(mint.pubkey)) throw fail('DerivedKeyInvalid', 'metadata is not the mint\'s metadata PDA');
  const metaAcc = chain.getAccount(metadata.pubkey);
  if (!metaAcc || metaAcc.owner !== TOKEN_METADATA_PROGRAM) throw fail('IncorrectOwner', 'metadata account missing');
  const meta = decodeMetadata(metaAcc.data);
  if (!meta || meta.mint !== mint.pubkey) throw fail('MintMismatch', 'metadata is for another mint');
  const standard = unwrapOption(meta.tokenStandard);
  if (standard !== null && standard !== TokenStandard.NonFungible) throw fail('InstructionNotSupported', 'only NonFungible burns are emulated');

  const mintAcc = chain.getAccount(mint.pubkey);
  const mintInfo = mintAcc?.owner === TOKEN_PROGRAM ? decodeMint(mintAcc.data) : null;
  if (!mintAcc || !mintInfo) throw fail('MintMismatch', 'mint missing');
  const tokenAcc = chain.getAccount(token.pubkey);
  const tokenInfo = tokenAcc?.owner === TOKEN_PROGRAM ? decodeTokenAccount(tokenAcc.data) : null;
  if (!tokenAcc || !tokenInfo) throw fail('IncorrectOwner', 'token account missing');
  if (tokenInfo.mint !== mint.pubkey) throw fail('MintMismatch', 'token account holds another mint');
  if (tokenInfo.owner !== authority.pubkey) throw fail('InvalidAuthorityType', 'authority is not the token owner');
  if (tokenInfo.amount < amount) throw fail('InsufficientTokenBalance', 'not enough tokens');
  if (amount !== 1n) throw fail('InvalidAmount', 'a NonFungible burn takes exactly 1 token');
  if (absent(edition)) throw fail('MissingEdition', 'edition account required');
  // masterEdition, masterEditionMint, masterEditionToken, editionMarker are for print editions only
  if (!rest.slice(0, 4).every(absent)) throw fail('InvalidParentAccounts', 'parent accounts are for print editions');
  if (edition.pubkey !== editionPda(mint.pubkey)) throw fail('DerivedKeyInvalid', 'edition is not the mint\'s edition PDA');
  const editionAcc = chain.getAccount(edition.pubkey);
  if (!editionAcc || editionAcc.owner !== TOKEN_METADATA_PROGRAM) throw fail('InvalidMasterEdition', 'master edition missing');
  if (!edition.isWritable) throw fail('InstructionUnpackError', 'edition must be writable');

  // A verified collection member names its collection's metadata (sized collections shrink by one).
  const collection = unwrapOption(meta.collection);
  let collectionUpdate: (() => void) | null = null;
  if (collection?.verified) {
    if (absent(collectionMeta)) throw fail('MissingCollectionMetadata', 'collection metadata required');
    if (collectionMeta.pubkey !== metadataPda(collection.key)) throw fail('NotAMemberOfCollection', 'wrong collection metadata');
    collectionUpdate = () => shrinkCollection(chain, collectionMeta.pubkey);
  }

  // Two burns of one NFT in one transaction: the second finds the accounts already gone on a cluster.
  if (!claim(signers, `burn:${mint.pubkey}`)) throw fail('IncorrectOwner', 'token account missing');

  return () => {
    const credit = [token, metadata, edition].reduce((n, a) => n + chain.getBalance(a.pubkey), 0n);
    for (const a of [token.pubkey, metadata.pubkey, edition.pubkey]) chain.setAccount(a, { lamports: 0n });
    chain.setAccount(mint.pubkey, { lamports: mintAcc.lamports, owner: TOKEN_PROGRAM, data: withSupply(mintAcc.data, 0n) });
    chain.setAccount(authority.pubkey, { ...accountOrEmpty(chain, authority.pubkey), lamports: chain.getBalance(authority.pubkey) + credit });
    collectionUpdate?.();
    if (!chain.simulating) onBurn(mint.pubkey);
  };
}

function withSupply(mintData: Uint8Array, supply: bigint): Uint8Array {
  const out = Buffer.from(mintData);
  out.writeBigUInt64LE(supply, 36);          // Mint layout: COption<Pubkey> authority (36 bytes), then supply u64
  return out;
}

function accountOrEmpty(chain: Chain, a: string) {
  const acc = chain.getAccount(a);
  return { data: acc?.data ?? new Uint8Array(0), owner: acc?.owner, executable: acc?.executable ?? false };
}

function shrinkCollection(chain: Chain, collectionMetadata: string): void {
  const acc = chain.getAccount(collectionMetadata);
  const meta = acc && decodeMetadata(acc.data);
  const details = meta && unwrapOption(meta.collectionDetails);
  if (!acc || !meta || !details || details.__kind !== 'V1') return;
  const bytes = getMetadataAccountDataSerializer().serialize({ ...meta,
    collectionDetails: some({ __kind: 'V1', size: details.size > 0n ? details.size - 1n : 0n }) });
  const data = new Uint8Array(Math.max(acc.data.length, METADATA_SIZE));
  data.set(bytes.subarray(0, data.length));
  chain.setAccount(collectionMetadata, { lamports: acc.lamports, owner: acc.owner, data });
}
