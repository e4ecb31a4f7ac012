// Kind-specific checks of the emulated Token Metadata burnV1 (see tokenMetadata.ts), after mpl-token-metadata
// processor/burn/burn.rs (pNFT: token record), nonfungible.rs (master edition) and nonfungible_edition.rs (prints).
import {
  TokenState,
  getEditionAccountDataSerializer,
  getEditionMarkerAccountDataSerializer,
  getMasterEditionAccountDataSerializer,
  getTokenRecordAccountDataSerializer,
} from '@metaplex-foundation/mpl-token-metadata';
import type { Chain } from '../../chain';
import { EmulatedProgramError } from '../../emulated/types';
import { type TokenAccountInfo, decodeMint, decodeTokenAccount } from '../accounts';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from '../constants';
import { editionMarkerPda, editionPda, tokenRecordPda } from '../pdas';

// mpl-token-metadata error codes (generated/errors/mplTokenMetadata.js); AccountFrozen is SPL Token's (CPI burn).
const E = {
  InstructionUnpackError: 0,
  MintMismatch: 15,
  AccountFrozen: 17,
  DerivedKeyInvalid: 27,
  NumericalOverflowError: 51,
  IncorrectOwner: 57,
  MissingCollectionMetadata: 103,
  NotAMemberOfCollection: 104,
  NotAMasterEdition: 109,
  MasterEditionHasPrints: 110,
  NotAPrintEdition: 116,
  InvalidMasterEdition: 117,
  InvalidPrintEdition: 118,
  InvalidEditionMarker: 119,
  PrintEditionDoesNotMatchMasterEdition: 121,
  InstructionNotSupported: 153,
  InvalidAuthorityType: 158,
  MissingTokenRecord: 159,
  IncorrectTokenState: 164,
  MissingMasterEditionAccount: 167,
  InvalidAmount: 174,
  MissingMasterEditionMintAccount: 175,
  MissingMasterEditionTokenAccount: 176,
  MissingEditionMarkerAccount: 177,
  MissingEdition: 179,
  InvalidParentAccounts: 182,
  InsufficientTokenBalance: 184,
  InvalidTokenRecord: 187,
  InvalidTokenProgram: 62,
  IncorrectProgramId: 0,
}; // IncorrectProgramId is a builtin ProgramError on a cluster; reported here as Custom 0
export const fail = (code: keyof typeof E, msg: string) =>
  new EmulatedProgramError(E[code], `Emulated Token Metadata: ${msg}`);

type Meta = { pubkey: string; isSigner: boolean; isWritable: boolean };
export interface BurnAccounts {
  authority: Meta;
  collectionMetadata: Meta | null;
  metadata: Meta;
  edition: Meta | null;
  mint: Meta;
  token: Meta;
  masterEdition: Meta | null;
  masterEditionMint: Meta | null;
  masterEditionToken: Meta | null;
  editionMarker: Meta | null;
  tokenRecord: Meta | null;
  splTokenProgram: string;
}
/** Accounts closed with all their lamports to the authority, and further changes (each may return lamports credited). */
export interface Effects {
  close: string[];
  also: (() => bigint | void)[];
}

const MASTER_EDITION_V2 = 6;
const MASTER_EDITION_V1 = 2;

/** pNFT: the token record is the PDA of (mint, token account) and Unlocked; burning closes it too. */
export function checkTokenRecord(chain: Chain, acc: BurnAccounts, effects: Effects): void {
  const tr = acc.tokenRecord;
  if (!tr) throw fail('MissingTokenRecord', 'a pNFT burn needs its token record');
  if (tr.pubkey !== tokenRecordPda(acc.mint.pubkey, acc.token.pubkey))
    throw fail('InvalidTokenRecord', 'not the token record PDA');
  const a = chain.getAccount(tr.pubkey);
  if (!a || a.owner !== TOKEN_METADATA_PROGRAM) throw fail('IncorrectOwner', 'token record missing');
  let state: TokenState;
  try {
    state = getTokenRecordAccountDataSerializer().deserialize(a.data)[0].state;
  } catch {
    throw fail('InvalidTokenRecord', 'undecodable token record');
  }
  // "Locked and Listed states cannot be burned."
  if (state !== TokenState.Unlocked) throw fail('IncorrectTokenState', 'the pNFT is locked or listed by a delegate');
  effects.close.push(tr.pubkey);
}

/** NonFungible / pNFT: no parent accounts; the edition is the mint's master edition, without prints outstanding. */
export function checkMasterEditionBurn(chain: Chain, acc: BurnAccounts, mint: string): void {
  if (acc.masterEdition || acc.masterEditionMint || acc.masterEditionToken || acc.editionMarker)
    throw fail('InvalidParentAccounts', 'parent accounts are for print editions');
  if (acc.edition!.pubkey !== editionPda(mint))
    throw fail('DerivedKeyInvalid', "edition is not the mint's edition PDA");
  const e = chain.getAccount(acc.edition!.pubkey);
  if (!e || e.owner !== TOKEN_METADATA_PROGRAM) throw fail('IncorrectOwner', 'master edition missing');
  if (e.data[0] !== MASTER_EDITION_V2 && e.data[0] !== MASTER_EDITION_V1)
    throw fail('NotAMasterEdition', 'not a master edition');
  if (Buffer.from(e.data).readBigUInt64LE(1) > 0n) throw fail('MasterEditionHasPrints', 'master edition has prints');
}

/**
 * NonFungibleEdition: the master edition (of a 0-decimal, supply-1 mint), its mint and a token account holding it,
 * the print's edition (parent = that master edition) and the edition marker of its number. Effect: the marker bit is
 * cleared only when the burner also holds the master (else reprinting stays disallowed); an all-zero marker closes;
 * the master edition's supply drops by one.
 */
export function checkPrintBurn(
  chain: Chain,
  acc: BurnAccounts,
  mintInfo: { supply: bigint; decimals: number },
  _token: TokenAccountInfo,
  effects: Effects,
): void {
  const meMint = acc.masterEditionMint ?? fail_('MissingMasterEditionMintAccount');
  const me = acc.masterEdition ?? fail_('MissingMasterEditionAccount');
  const meToken = acc.masterEditionToken ?? fail_('MissingMasterEditionTokenAccount');
  const marker = acc.editionMarker ?? fail_('MissingEditionMarkerAccount');
  const owned = (k: string, ...owners: string[]) => {
    const x = chain.getAccount(k);
    if (!x || !owners.includes(x.owner)) throw fail('IncorrectOwner', `${k} has the wrong owner`);
    return x;
  };
  // The master's mint and token account may live in either token program, whatever the print's: the program reads
  // them with spl-token-2022's unpack (get_mint_decimals/get_mint_supply, unpack_initialized::<Account>), which
  // accepts both layouts, and checks no program against the print's.
  const meMintAcc = owned(meMint.pubkey, TOKEN_PROGRAM, TOKEN_2022_PROGRAM);
  const meAcc = owned(me.pubkey, TOKEN_METADATA_PROGRAM);
  const meTokenAcc = owned(meToken.pubkey, meMintAcc.owner);
  owned(marker.pubkey, TOKEN_METADATA_PROGRAM);
  const printAcc = owned(acc.edition!.pubkey, TOKEN_METADATA_PROGRAM);
  const meMintInfo = decodeMint(meMintAcc.data);
  if (meAcc.data[0] !== MASTER_EDITION_V2 || !meMintInfo || meMintInfo.decimals !== 0 || meMintInfo.supply !== 1n)
    throw fail('NotAMasterEdition', 'not a master edition');
  let print;
  try {
    print = getEditionAccountDataSerializer().deserialize(printAcc.data)[0];
  } catch {
    throw fail('NotAPrintEdition', 'not a print edition');
  }
  if (mintInfo.decimals !== 0 || mintInfo.supply !== 1n) throw fail('NotAPrintEdition', 'not a print edition mint');
  const meToken_ = decodeTokenAccount(meTokenAcc.data);
  if (!meToken_ || meToken_.mint !== meMint.pubkey)
    throw fail('MintMismatch', 'master token account holds another mint');
  if (meToken_.amount < 1n) throw fail('InsufficientTokenBalance', 'master token account is empty');
  if (me.pubkey !== editionPda(meMint.pubkey)) throw fail('InvalidMasterEdition', 'not the master edition PDA');
  if (acc.edition!.pubkey !== editionPda(acc.mint.pubkey))
    throw fail('InvalidPrintEdition', 'not the print edition PDA');
  if (print.parent !== me.pubkey) throw fail('PrintEditionDoesNotMatchMasterEdition', 'another master edition');
  if (marker.pubkey !== editionMarkerPda(meMint.pubkey, print.edition))
    throw fail('InvalidEditionMarker', 'wrong edition marker');

  const clearsBit = acc.authority.pubkey === meToken_.owner;
  effects.also.push(() => {
    const m = chain.getAccount(marker.pubkey)!;
    const ledger = [...getEditionMarkerAccountDataSerializer().deserialize(m.data)[0].ledger];
    if (clearsBit) {
      const offset = Number(print.edition % 248n);
      ledger[Math.floor(offset / 8)] ^= 2 ** (7 - (offset % 8));
    }
    let credit = 0n;
    if (ledger.every((b) => b === 0)) {
      credit = m.lamports;
      chain.setAccount(marker.pubkey, { lamports: 0n });
    } else {
      const data = new Uint8Array(m.data.length);
      data.set(getEditionMarkerAccountDataSerializer().serialize({ ledger }));
      chain.setAccount(marker.pubkey, { lamports: m.lamports, owner: m.owner, data });
    }
    const master = chain.getAccount(me.pubkey)!;
    const [med] = getMasterEditionAccountDataSerializer().deserialize(master.data);
    const data = new Uint8Array(master.data.length);
    data.set(getMasterEditionAccountDataSerializer().serialize({ ...med, supply: med.supply - 1n }));
    chain.setAccount(me.pubkey, { lamports: master.lamports, owner: master.owner, data });
    return credit;
  });
  void effects;
}

function fail_(code: keyof typeof E): never {
  throw fail(code, code);
}
