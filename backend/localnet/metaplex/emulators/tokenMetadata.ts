// Emulated Token Metadata (the real program ships in no registry; see emulated/types.ts): burnV1 of NonFungible,
// ProgrammableNonFungible and NonFungibleEdition assets, with SPL Token or Token-2022 mints. The checks follow
// mpl-token-metadata programs/token-metadata/program/src/processor/burn/{burn,nonfungible,nonfungible_edition}.rs;
// the kind-specific parts (token record, print edition) live in tokenMetadataKinds.ts.
import { TokenStandard, getBurnV1InstructionDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { getMetadataAccountDataSerializer } from '@metaplex-foundation/mpl-token-metadata';
import { some, unwrapOption } from '@metaplex-foundation/umi';
import type { Chain } from '../../chain';
import { type EmulatedInstruction, type ProgramEmulator } from '../../emulated/types';
import { decodeMetadata, decodeMint, decodeTokenAccount } from '../accounts';
import {
  METADATA_SIZE,
  SYSTEM_PROGRAM,
  SYSVAR_INSTRUCTIONS,
  TOKEN_2022_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  TOKEN_PROGRAM,
} from '../constants';
import { metadataPda } from '../pdas';
import { claim } from './claims';
import {
  type BurnAccounts,
  type Effects,
  checkMasterEditionBurn,
  checkPrintBurn,
  checkTokenRecord,
  fail,
} from './tokenMetadataKinds';

const BURN = 41;

export function tokenMetadataEmulator(onBurn: (mint: string) => void): ProgramEmulator {
  return {
    programId: TOKEN_METADATA_PROGRAM,
    lamportEffects: true, // simulations report the lamports it returns (chain.simulating)
    prepare(ix, { chain, signers }) {
      if (ix.data[0] !== BURN || ix.data[1] !== 0)
        throw fail('InstructionNotSupported', 'only burnV1 is emulated locally');
      return burnV1(ix, chain, signers, onBurn);
    },
  };
}

function burnV1(
  ix: EmulatedInstruction,
  chain: Chain,
  signers: Set<string>,
  onBurn: (mint: string) => void,
): () => void {
  let amount: bigint;
  try {
    amount = BigInt(getBurnV1InstructionDataSerializer().deserialize(ix.data)[0].amount);
  } catch {
    throw fail('InstructionUnpackError', 'bad burnV1 data');
  }
  if (ix.accounts.length < 14) throw fail('InstructionUnpackError', 'burnV1 needs 14 accounts');
  const a = ix.accounts;
  const absent = (x: { pubkey: string }) => x.pubkey === TOKEN_METADATA_PROGRAM; // Metaplex's "no account" placeholder
  const opt = (i: number) => (absent(a[i]) ? null : a[i]);
  const acc: BurnAccounts = {
    authority: a[0],
    collectionMetadata: opt(1),
    metadata: a[2],
    edition: opt(3),
    mint: a[4],
    token: a[5],
    masterEdition: opt(6),
    masterEditionMint: opt(7),
    masterEditionToken: opt(8),
    editionMarker: opt(9),
    tokenRecord: opt(10),
    splTokenProgram: a[13].pubkey,
  };
  const { authority, metadata, mint, token, edition } = acc;
  if (!authority.isSigner) throw fail('InvalidAuthorityType', 'authority must sign');
  for (const x of [metadata, mint, token])
    if (!x.isWritable) throw fail('InstructionUnpackError', `${x.pubkey} must be writable`);
  // assert_token_program_matches_package: SPL Token or Token-2022; mint and token account owned by it.
  if (acc.splTokenProgram !== TOKEN_PROGRAM && acc.splTokenProgram !== TOKEN_2022_PROGRAM)
    throw fail('InvalidTokenProgram', 'not a token program');
  if (a[11].pubkey !== SYSTEM_PROGRAM || a[12].pubkey !== SYSVAR_INSTRUCTIONS)
    throw fail('IncorrectProgramId', 'system program / instructions sysvar');

  if (metadata.pubkey !== metadataPda(mint.pubkey))
    throw fail('DerivedKeyInvalid', "metadata is not the mint's metadata PDA");
  const metaAcc = chain.getAccount(metadata.pubkey);
  if (!metaAcc || metaAcc.owner !== TOKEN_METADATA_PROGRAM) throw fail('IncorrectOwner', 'metadata account missing');
  const meta = decodeMetadata(metaAcc.data);
  if (!meta || meta.mint !== mint.pubkey) throw fail('MintMismatch', 'metadata is for another mint');

  const mintAcc = chain.getAccount(mint.pubkey);
  const mintInfo = mintAcc?.owner === acc.splTokenProgram ? decodeMint(mintAcc.data) : null;
  if (!mintAcc || !mintInfo) throw fail('IncorrectOwner', 'mint not owned by the token program');
  const tokenAcc = chain.getAccount(token.pubkey);
  const tokenInfo = tokenAcc?.owner === acc.splTokenProgram ? decodeTokenAccount(tokenAcc.data) : null;
  if (!tokenAcc || !tokenInfo) throw fail('IncorrectOwner', 'token account missing');
  if (tokenInfo.owner !== authority.pubkey) throw fail('InvalidAuthorityType', 'authority is not the token owner');
  if (tokenInfo.mint !== mint.pubkey) throw fail('MintMismatch', 'token account holds another mint');
  if (tokenInfo.amount < amount) throw fail('InsufficientTokenBalance', 'not enough tokens');

  const standard = unwrapOption(meta.tokenStandard) ?? TokenStandard.NonFungible;
  if (amount !== 1n) throw fail('InvalidAmount', 'a non-fungible burn takes exactly 1 token');
  if (!edition) throw fail('MissingEdition', 'edition account required');
  if (!edition.isWritable) throw fail('InstructionUnpackError', 'edition must be writable');

  const effects: Effects = { close: [token.pubkey, edition.pubkey], also: [] };
  if (standard === TokenStandard.ProgrammableNonFungible) {
    // The program thaws the always-frozen token account itself (the edition PDA is its freeze authority).
    checkTokenRecord(chain, acc, effects);
    checkMasterEditionBurn(chain, acc, mint.pubkey);
  } else if (standard === TokenStandard.NonFungible) {
    checkMasterEditionBurn(chain, acc, mint.pubkey);
  } else if (standard === TokenStandard.NonFungibleEdition) {
    checkPrintBurn(chain, acc, mintInfo, tokenInfo, effects);
  } else throw fail('InstructionNotSupported', `token standard ${standard} is not emulated`);
  // SPL burn of a frozen account fails (TokenError::AccountFrozen = 17) unless the program thawed it (pNFT only).
  if (tokenInfo.state === 2 && standard !== TokenStandard.ProgrammableNonFungible)
    throw fail('AccountFrozen', 'the SPL burn of a frozen token account fails');

  // A verified collection member names its collection's metadata (sized collections shrink by one).
  const collection = unwrapOption(meta.collection);
  if (collection?.verified && standard !== TokenStandard.NonFungibleEdition) {
    const cm = acc.collectionMetadata;
    if (!cm) throw fail('MissingCollectionMetadata', 'collection metadata required');
    if (cm.pubkey !== metadataPda(collection.key)) throw fail('NotAMemberOfCollection', 'wrong collection metadata');
    // A burned parent (no data, or the one-byte remainder) is passed over; a live sized one must have a member left
    // to count down: nonfungible.rs, then utils/collection.rs decrement_collection_size's checked_sub(1).
    if (sizedCollectionSize(chain, cm.pubkey) === 0n)
      throw fail('NumericalOverflowError', 'the sized collection already counts 0 members');
    effects.also.push(() => shrinkCollection(chain, cm.pubkey));
  }

  // Two burns of one NFT in one transaction: the second finds the accounts already gone on a cluster.
  if (!claim(signers, `burn:${mint.pubkey}`)) throw fail('IncorrectOwner', 'token account missing');

  return () => {
    // close_program_account: a metadata account gives back only its rent minimum (fees stored in it stay, in a
    // one-byte account); every other closed account gives all its lamports (utils/mod.rs close_program_account).
    const m = chain.getAccount(metadata.pubkey)!;
    const metaRent = BigInt(chain.rent(m.data.length));
    const metaBack = m.lamports < metaRent ? m.lamports : metaRent;
    let credit = metaBack + effects.close.reduce((n, k) => n + chain.getBalance(k), 0n);
    for (const k of effects.close) chain.setAccount(k, { lamports: 0n });
    if (m.lamports > metaBack)
      chain.setAccount(metadata.pubkey, {
        lamports: m.lamports - metaBack,
        owner: TOKEN_METADATA_PROGRAM,
        data: Uint8Array.of(0),
      });
    else chain.setAccount(metadata.pubkey, { lamports: 0n });
    const mintNow = chain.getAccount(mint.pubkey)!;
    chain.setAccount(mint.pubkey, {
      lamports: mintNow.lamports,
      owner: mintNow.owner,
      data: withSupply(mintNow.data, mintInfo.supply - 1n),
    });
    for (const f of effects.also) credit += f() ?? 0n;
    const auth = chain.getAccount(authority.pubkey);
    chain.setAccount(authority.pubkey, {
      lamports: (auth?.lamports ?? 0n) + credit,
      owner: auth?.owner,
      data: auth?.data ?? new Uint8Array(0),
      executable: auth?.executable ?? false,
    });
    if (!chain.simulating) onBurn(mint.pubkey);
  };
}

function withSupply(mintData: Uint8Array, supply: bigint): Uint8Array {
  const out = Buffer.from(mintData);
  out.writeBigUInt64LE(supply, 36); // Mint layout: COption<Pubkey> authority (36 bytes), then supply u64
  return out;
}

/** The member count of a live sized (V1) collection; null for a burned, unsized or V2 one. */
function sizedCollectionSize(chain: Chain, collectionMetadata: string): bigint | null {
  const acc = chain.getAccount(collectionMetadata);
  const meta = acc ? decodeMetadata(acc.data) : null;
  const details = meta && unwrapOption(meta.collectionDetails);
  return details?.__kind === 'V1' ? details.size : null;
}

function shrinkCollection(chain: Chain, collectionMetadata: string): bigint {
  const acc = chain.getAccount(collectionMetadata);
  const meta = acc && decodeMetadata(acc.data);
  const details = meta && unwrapOption(meta.collectionDetails);
  if (!acc || !meta || !details || details.__kind !== 'V1') return 0n;
  const bytes = getMetadataAccountDataSerializer().serialize({
    ...meta,
    collectionDetails: some({ __kind: 'V1', size: details.size > 0n ? details.size - 1n : 0n }),
  });
  const data = new Uint8Array(Math.max(acc.data.length, METADATA_SIZE));
  data.set(bytes.subarray(0, data.length));
  chain.setAccount(collectionMetadata, { lamports: acc.lamports, owner: acc.owner, data });
  return 0n;
}
