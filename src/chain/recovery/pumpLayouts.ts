// Pump.fun's bonding-curve program and PumpSwap (Pump AMM) as their published IDLs describe them (pump-fun/
// pump-public-docs, idl/pump.json and idl/pump_amm.json): their ids, the PDAs the recovery sources read and the
// argument-less instructions they build. Each instruction is its 8-byte Anchor discriminator and the IDL's account
// list; the programs' own clients (@pump-fun/pump-sdk, @pump-fun/pump-swap-sdk) would add @coral-xyz/anchor to the
// page bundle for four constant byte strings.
import bs58 from 'bs58';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM, NATIVE_MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../common/addresses';
import type { DecodedInstruction } from '../decode';

export const PUMP_PROGRAM = '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P';
export const PUMP_AMM_PROGRAM = 'pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA';

/** idl/pump.json, `instructions[].discriminator`. */
export const PUMP_IX = {
  collectCreatorFee: [20, 22, 86, 123, 198, 28, 219, 132],
  claimCashback: [37, 58, 35, 126, 190, 53, 228, 197],
  closeUserVolumeAccumulator: [249, 69, 164, 218, 150, 103, 84, 138],
  /** idl/pump_amm.json: PumpSwap's, the only one of that program here. */
  transferCreatorFeesToPumpV2: [1, 33, 78, 185, 33, 67, 44, 92],
} as const;
export type PumpInstruction = keyof typeof PUMP_IX;
const programOf = (name: PumpInstruction) => (name === 'transferCreatorFeesToPumpV2' ? PUMP_AMM_PROGRAM : PUMP_PROGRAM);

/** idl/pump.json `accounts`: UserVolumeAccumulator's discriminator. */
export const USER_VOLUME_ACCUMULATOR_TAG = [86, 255, 112, 14, 102, 53, 154, 250] as const;

const pda = (seeds: Uint8Array[], program = PUMP_PROGRAM) =>
  PublicKey.findProgramAddressSync(seeds, new PublicKey(program))[0].toBase58();
const seed = (text: string) => new TextEncoder().encode(text);
const keyBytes = (address: string) => new PublicKey(address).toBytes();

/** `collect_creator_fee.creator_vault`: seeds ["creator-vault", creator]. */
export const creatorVaultOf = (creator: string): string => pda([seed('creator-vault'), keyBytes(creator)]);
/** `claim_cashback.user_volume_accumulator`: seeds ["user_volume_accumulator", user]. */
export const volumeAccumulatorOf = (user: string): string => pda([seed('user_volume_accumulator'), keyBytes(user)]);
/** Every instruction's `event_authority`: seeds ["__event_authority"] (Anchor's event CPI), one per program. */
export const PUMP_EVENT_AUTHORITY = pda([seed('__event_authority')]);
export const PUMP_AMM_EVENT_AUTHORITY = pda([seed('__event_authority')], PUMP_AMM_PROGRAM);
/** PumpSwap's `coin_creator_vault_authority`: seeds ["creator_vault", coin_creator] of the AMM. */
export const swapVaultAuthorityOf = (creator: string): string =>
  pda([seed('creator_vault'), keyBytes(creator)], PUMP_AMM_PROGRAM);
/** The associated wrapped-SOL account of `owner` (SPL Token): `coin_creator_vault_ata` of a SOL-paired coin. */
export const wsolAccountOf = (owner: string): string =>
  pda([keyBytes(owner), keyBytes(TOKEN_PROGRAM), keyBytes(NATIVE_MINT)], ASSOCIATED_TOKEN_PROGRAM);
export const swapVaultOf = (creator: string): string => wsolAccountOf(swapVaultAuthorityOf(creator));
/** SPL Token account layout: amount u64 @64 (spl-token Account). */
export const tokenAmountOf = (data: Uint8Array): bigint =>
  data.length >= 72 ? Buffer.from(data.buffer, data.byteOffset, data.length).readBigUInt64LE(64) : 0n;

/**
 * UserVolumeAccumulator (idl/pump.json `types`): discriminator, user @8, needs_claim @40, total_unclaimed_tokens u64
 * @41, then the volumes and cashback counters.
 */
export interface VolumeAccumulator {
  user: string;
  needsClaim: boolean;
  unclaimedTokens: bigint;
}
export function readVolumeAccumulator(data: Uint8Array): VolumeAccumulator | null {
  if (data.length < 49 || !USER_VOLUME_ACCUMULATOR_TAG.every((b, i) => data[i] === b)) return null;
  const view = Buffer.from(data.buffer, data.byteOffset, data.length);
  return {
    user: bs58.encode(data.subarray(8, 40)),
    needsClaim: data[40] !== 0,
    unclaimedTokens: view.readBigUInt64LE(41),
  };
}

/** Which of the built instructions `ix` is: its data is the discriminator alone (none takes arguments). */
export function pumpInstructionOf(ix: DecodedInstruction): PumpInstruction | null {
  if (ix.data.length !== 8) return null;
  const name = (Object.keys(PUMP_IX) as PumpInstruction[]).find((k) => PUMP_IX[k].every((b, i) => ix.data[i] === b));
  return name && programOf(name) === ix.programId ? name : null;
}

const meta = (address: string, isWritable: boolean, isSigner = false) => ({
  pubkey: new PublicKey(address),
  isSigner,
  isWritable,
});
const ixOf = (name: PumpInstruction, keys: ReturnType<typeof meta>[]) =>
  new TransactionInstruction({ programId: new PublicKey(programOf(name)), keys, data: Buffer.from(PUMP_IX[name]) });

/** collect_creator_fee: [creator (w), creator_vault (w), system_program, event_authority, program]. */
export const collectCreatorFeeIx = (creator: string) =>
  ixOf('collectCreatorFee', [
    meta(creator, true),
    meta(creatorVaultOf(creator), true),
    meta(SYSTEM_PROGRAM, false),
    meta(PUMP_EVENT_AUTHORITY, false),
    meta(PUMP_PROGRAM, false),
  ]);

/** claim_cashback: [user (w), user_volume_accumulator (w), system_program, event_authority, program]. */
export const claimCashbackIx = (user: string) =>
  ixOf('claimCashback', [
    meta(user, true),
    meta(volumeAccumulatorOf(user), true),
    meta(SYSTEM_PROGRAM, false),
    meta(PUMP_EVENT_AUTHORITY, false),
    meta(PUMP_PROGRAM, false),
  ]);

/** close_user_volume_accumulator: [user (w, signer), user_volume_accumulator (w), event_authority, program]. */
export const closeVolumeAccumulatorIx = (user: string) =>
  ixOf('closeUserVolumeAccumulator', [
    meta(user, true, true),
    meta(volumeAccumulatorOf(user), true),
    meta(PUMP_EVENT_AUTHORITY, false),
    meta(PUMP_PROGRAM, false),
  ]);

/**
 * transfer_creator_fees_to_pump_v2 (idl/pump_amm.json; docs/instructions/CREATOR_FEE_SHARING.md): [payer (w, signer),
 * quote_mint, token_program, system_program, associated_token_program, coin_creator, coin_creator_vault_authority (w),
 * coin_creator_vault_ata (w), pump_creator_vault (w), pump_creator_vault_ata (w), event_authority, program]. For a
 * wrapped-SOL quote it forwards the vault's fees as lamports to the Pump creator vault, which collect_creator_fee pays.
 */
export const transferSwapFeesIx = (creator: string) =>
  ixOf('transferCreatorFeesToPumpV2', [
    meta(creator, true, true),
    meta(NATIVE_MINT, false),
    meta(TOKEN_PROGRAM, false),
    meta(SYSTEM_PROGRAM, false),
    meta(ASSOCIATED_TOKEN_PROGRAM, false),
    meta(creator, false),
    meta(swapVaultAuthorityOf(creator), true),
    meta(swapVaultOf(creator), true),
    meta(creatorVaultOf(creator), true),
    meta(wsolAccountOf(creatorVaultOf(creator)), true),
    meta(PUMP_AMM_EVENT_AUTHORITY, false),
    meta(PUMP_AMM_PROGRAM, false),
  ]);

/** The accounts transfer_creator_fees_to_pump_v2 names for `creator`, as the IDL derives them. */
export const swapTransferAccounts = (creator: string): string[] =>
  transferSwapFeesIx(creator).keys.map((k) => k.pubkey.toBase58());

/** The accounts every built instruction names after its own: the IDL's fixed addresses and PDAs. */
export function pumpTailError(ix: DecodedInstruction, from: number, withSystem: boolean): string | null {
  const tail = [...(withSystem ? [SYSTEM_PROGRAM] : []), PUMP_EVENT_AUTHORITY, PUMP_PROGRAM];
  const given = ix.accounts.slice(from).map((a) => a.pubkey);
  return given.length === tail.length && tail.every((k, i) => given[i] === k)
    ? null
    : 'Pump instruction with unexpected program accounts';
}
