// What the emulated Pump.fun bonding-curve program and PumpSwap share (neither ships in a registry; see types.ts). Each
// source folder emulates the instructions it sends (src/chain/recovery/sources/pumpCreatorFee/localProgram.ts,
// pumpVolumeAccumulator/localProgram.ts), with the account rules of the published IDLs (pump-fun/pump-public-docs,
// idl/pump.json, idl/pump_amm.json); the two Pump program emulators are joined by program id (types.ts
// `joinEmulators`). Anything else at the program ids fails with Anchor's InstructionFallbackNotFound.
import {
  PUMP_EVENT_AUTHORITY,
  PUMP_IX,
  PUMP_PROGRAM,
  pumpInstructionOf,
  type PumpInstruction,
} from '../../../src/chain/recovery/pumpLayouts';
import type { Chain } from '../chain';
import { EmulatedProgramError, type EmulatedInstruction } from './types';

// Anchor's error codes (anchor-lang error.rs).
const E = {
  InstructionFallbackNotFound: 101,
  ConstraintMut: 2000,
  ConstraintSigner: 2002,
  ConstraintSeeds: 2006,
  ConstraintAddress: 2012,
  AccountDiscriminatorMismatch: 3002,
  AccountOwnedByWrongProgram: 3007,
  AccountNotInitialized: 3012,
};
export const pumpFail = (code: keyof typeof E, msg: string) =>
  new EmulatedProgramError(E[code], `Emulated Pump: ${msg}`);
const SYSTEM = '11111111111111111111111111111111';

/** Moves lamports at apply time, in instruction order, so a claim followed by a close in one transaction adds up. */
export function moveLamports(
  chain: Chain,
  from: string,
  to: string,
  amount: (balance: bigint, size: number) => bigint,
): void {
  const source = chain.getAccount(from);
  if (!source) return;
  const lamports = amount(source.lamports, source.data.length);
  if (lamports <= 0n) return;
  const target = chain.getAccount(to);
  chain.setAccount(from, { ...source, lamports: source.lamports - lamports });
  chain.setAccount(to, { ...(target ?? {}), lamports: (target?.lamports ?? 0n) + lamports });
}

/** The instruction's name, one of `names` (those the calling emulator handles), else Anchor's fallback error. */
export function pumpNameOf<N extends PumpInstruction>(ix: EmulatedInstruction, names: readonly N[]): N {
  const name = pumpInstructionOf({ programId: ix.programId, data: ix.data, accounts: ix.accounts });
  if (!name || !names.includes(name as N))
    throw pumpFail('InstructionFallbackNotFound', `only ${Object.keys(PUMP_IX).join(', ')} are emulated locally`);
  return name as N;
}

/** A Pump program instruction's accounts from `from` on: [system,] event authority, program; accounts 0 and 1 mutable. */
export function checkPumpTail(ix: EmulatedInstruction, from: number, withSystem: boolean): void {
  const tail = [...(withSystem ? [SYSTEM] : []), PUMP_EVENT_AUTHORITY, PUMP_PROGRAM];
  if (ix.accounts.length < from + tail.length) throw pumpFail('AccountNotInitialized', 'missing accounts');
  tail.forEach((k, i) => {
    if (ix.accounts[from + i].pubkey !== k) throw pumpFail('ConstraintAddress', `account ${from + i} must be ${k}`);
  });
  if (!ix.accounts[0].isWritable || !ix.accounts[1].isWritable) throw pumpFail('ConstraintMut', 'accounts 0 and 1');
}
