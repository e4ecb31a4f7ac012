// Account layouts and instructions of the programs behind the recovery sources. Offsets are the programs' own:
// - Stake (StakeStateV2, 200 bytes, bincode): u32 state (1 Initialized, 2 Stake), Meta { rent_exempt_reserve u64 @4,
//   staker @12, withdrawer @44, lockup { unix_timestamp @76, epoch @84, custodian @92 } }, then Delegation
//   { voter @124, stake u64 @156, activation_epoch @164, deactivation_epoch @172 } (solana-program/stake,
//   interface/src/state.rs).
// - BPF Upgradeable Loader Buffer: u32 tag 1, Option<Pubkey> authority (tag @4, key @5), data from @37
//   (solana-sdk loader-v3-interface state.rs, UpgradeableLoaderState::size_of_buffer_metadata = 37).
// - Nonce (System program, 80 bytes): u32 version, u32 state (1 Initialized), authority @8, durable nonce @40,
//   fee calculator @72 (solana-sdk nonce/src/state.rs).
// - Address lookup table: u32 type 1, deactivation_slot u64 @4 (u64::MAX while active), last_extended_slot @12,
//   start index @20, Option<Pubkey> authority (tag @21, key @22), padding, addresses from @56
//   (solana-program/address-lookup-table, program/src/state.rs LOOKUP_TABLE_META_SIZE = 56).
import bs58 from 'bs58';
import { PublicKey, StakeProgram, SystemProgram, TransactionInstruction } from '@solana/web3.js';

export const STAKE_PROGRAM = 'Stake11111111111111111111111111111111111111';
export const LOADER_UPGRADEABLE_PROGRAM = 'BPFLoaderUpgradeab1e11111111111111111111111';
export const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
export const SYSVAR_SLOT_HASHES = 'SysvarS1otHashes111111111111111111111111111';

export const STAKE_ACCOUNT_SIZE = 200;
export const STAKE_WITHDRAWER_OFFSET = 44;
export const NONCE_ACCOUNT_SIZE = 80;
export const NONCE_AUTHORITY_OFFSET = 8;
export const BUFFER_AUTHORITY_OFFSET = 5;
export const BUFFER_METADATA_SIZE = 37;
export const TABLE_AUTHORITY_OFFSET = 22;
export const TABLE_META_SIZE = 56;
/** The slot hashes hold this many entries: a table closes once its deactivation slot has left them. */
export const SLOT_HASHES_ENTRIES = 512;
export const U64_MAX = 0xffff_ffff_ffff_ffffn;

const buf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.length);
const key = (data: Uint8Array, at: number) => bs58.encode(data.subarray(at, at + 32));

export interface StakeAccountState {
  withdrawer: string;
  /** The reserve recorded when the account was made (Meta.rent_exempt_reserve). */
  recordedReserve: bigint;
  lockupEpoch: bigint;
  lockupUnixTimestamp: bigint;
  custodian: string;
  delegation: { voter: string; stake: bigint; activationEpoch: bigint; deactivationEpoch: bigint } | null;
}

export function readStake(data: Uint8Array): StakeAccountState | null {
  if (data.length !== STAKE_ACCOUNT_SIZE) return null;
  const b = buf(data);
  const state = b.readUInt32LE(0);
  if (state !== 1 && state !== 2) return null;
  return {
    recordedReserve: b.readBigUInt64LE(4),
    withdrawer: key(data, STAKE_WITHDRAWER_OFFSET),
    lockupUnixTimestamp: b.readBigInt64LE(76),
    lockupEpoch: b.readBigUInt64LE(84),
    custodian: key(data, 92),
    delegation:
      state === 2
        ? {
            voter: key(data, 124),
            stake: b.readBigUInt64LE(156),
            activationEpoch: b.readBigUInt64LE(164),
            deactivationEpoch: b.readBigUInt64LE(172),
          }
        : null,
  };
}

/** The authority of a loader Buffer account, or null (not a buffer, or immutable). */
export function readBufferAuthority(data: Uint8Array): string | null {
  if (data.length < BUFFER_METADATA_SIZE) return null;
  const b = buf(data);
  if (b.readUInt32LE(0) !== 1 || b[4] !== 1) return null;
  return key(data, BUFFER_AUTHORITY_OFFSET);
}

export function readNonceAuthority(data: Uint8Array): string | null {
  if (data.length !== NONCE_ACCOUNT_SIZE) return null;
  const b = buf(data);
  if (b.readUInt32LE(4) !== 1) return null;
  return key(data, NONCE_AUTHORITY_OFFSET);
}

export interface LookupTableState {
  authority: string | null;
  /** null while active. */
  deactivationSlot: bigint | null;
  addresses: number;
}

export function readLookupTable(data: Uint8Array): LookupTableState | null {
  if (data.length < TABLE_META_SIZE) return null;
  const b = buf(data);
  if (b.readUInt32LE(0) !== 1) return null;
  const slot = b.readBigUInt64LE(4);
  return {
    authority: b[21] === 1 ? key(data, TABLE_AUTHORITY_OFFSET) : null,
    deactivationSlot: slot === U64_MAX ? null : slot,
    addresses: Math.floor((data.length - TABLE_META_SIZE) / 32),
  };
}

/** Slots listed in the SlotHashes sysvar (u64 count, then (slot u64, hash 32 bytes) entries), newest first. */
export function readSlotHashes(data: Uint8Array): bigint[] {
  if (data.length < 8) return [];
  const b = buf(data);
  const n = Math.min(Number(b.readBigUInt64LE(0)), Math.floor((data.length - 8) / 40));
  return Array.from({ length: n }, (_, i) => b.readBigUInt64LE(8 + i * 40));
}

// ---- instructions ---------------------------------------------------------------------------------------------

const pk = (a: string) => new PublicKey(a);

/** Stake Withdraw (instruction 4): stake, recipient, Clock, StakeHistory, withdrawer (signer). */
export function stakeWithdrawIx(stake: string, owner: string, lamports: bigint): TransactionInstruction {
  return StakeProgram.withdraw({
    stakePubkey: pk(stake),
    authorizedPubkey: pk(owner),
    toPubkey: pk(owner),
    lamports: Number(lamports),
  }).instructions[0];
}

export const LOADER_CLOSE_TAG = 5;
/** Loader Close (instruction 5) of a Buffer: buffer, recipient, authority (signer); a buffer needs no 4th account. */
export function bufferCloseIx(buffer: string, owner: string): TransactionInstruction {
  const data = Buffer.alloc(4);
  data.writeUInt32LE(LOADER_CLOSE_TAG, 0);
  return new TransactionInstruction({
    programId: pk(LOADER_UPGRADEABLE_PROGRAM),
    keys: [
      { pubkey: pk(buffer), isSigner: false, isWritable: true },
      { pubkey: pk(owner), isSigner: false, isWritable: true },
      { pubkey: pk(owner), isSigner: true, isWritable: false },
    ],
    data,
  });
}

export const NONCE_WITHDRAW_TAG = 5;
/** WithdrawNonceAccount (System instruction 5) of the whole balance closes the account. */
export function nonceWithdrawIx(nonce: string, owner: string, lamports: bigint): TransactionInstruction {
  return SystemProgram.nonceWithdraw({
    noncePubkey: pk(nonce),
    authorizedPubkey: pk(owner),
    toPubkey: pk(owner),
    lamports: Number(lamports),
  });
}

export const TABLE_DEACTIVATE_TAG = 3;
export const TABLE_CLOSE_TAG = 4;
function tableIx(tag: number, table: string, owner: string, recipient: boolean): TransactionInstruction {
  const data = Buffer.alloc(4);
  data.writeUInt32LE(tag, 0);
  return new TransactionInstruction({
    programId: pk(LOOKUP_TABLE_PROGRAM),
    keys: [
      { pubkey: pk(table), isSigner: false, isWritable: true },
      { pubkey: pk(owner), isSigner: true, isWritable: false },
      ...(recipient ? [{ pubkey: pk(owner), isSigner: false, isWritable: true }] : []),
    ],
    data,
  });
}
export const tableDeactivateIx = (table: string, owner: string) => tableIx(TABLE_DEACTIVATE_TAG, table, owner, false);
export const tableCloseIx = (table: string, owner: string) => tableIx(TABLE_CLOSE_TAG, table, owner, true);
