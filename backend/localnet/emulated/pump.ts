// Emulated Pump.fun bonding-curve program and PumpSwap (neither ships in a registry; see types.ts): the instructions
// SolBack's recovery sources send, with the account rules of the published IDLs (pump-fun/pump-public-docs,
// idl/pump.json, idl/pump_amm.json) and the transfers of their docs:
// - collect_creator_fee: creator_vault is the PDA ["creator-vault", creator] (Anchor seeds constraint); every lamport
//   above the vault's rent-exempt minimum goes to `creator`, the vault stays open (docs/instructions/
//   COLLECT_CREATOR_FEE.md);
// - claim_cashback: user_volume_accumulator is the PDA ["user_volume_accumulator", user], a UserVolumeAccumulator of
//   the Pump program; the lamports above its rent-exempt minimum go to `user` (docs/PUMP_CASHBACK_README.md);
// - close_user_volume_accumulator: `user` signs; the same PDA; Anchor's close sends all its lamports to `user` (PUMP
//   incentives not yet claimed are forfeited: the program does not refuse).
// - PumpSwap transfer_creator_fees_to_pump_v2: payer signs; coin_creator_vault_authority is the AMM PDA
//   ["creator_vault", coin_creator], coin_creator_vault_ata its wSOL account, pump_creator_vault the Pump PDA of the
//   creator; a wSOL vault's fees (its token amount) move as lamports into the Pump creator vault, the vault keeps its
//   rent (docs/instructions/CREATOR_FEE_SHARING.md).
// Anything else at the program ids fails with Anchor's InstructionFallbackNotFound.
import {
  creatorVaultOf,
  PUMP_AMM_PROGRAM,
  PUMP_EVENT_AUTHORITY,
  PUMP_IX,
  PUMP_PROGRAM,
  pumpInstructionOf,
  readVolumeAccumulator,
  swapTransferAccounts,
  tokenAmountOf,
  volumeAccumulatorOf,
  type PumpInstruction,
} from '../../../src/chain/recovery/pumpLayouts';
import type { Chain } from '../chain';
import { EmulatedProgramError, type EmulatedInstruction, type ProgramEmulator } from './types';

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
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated Pump: ${msg}`);
const SYSTEM = '11111111111111111111111111111111';

/** Moves lamports at apply time, in instruction order, so a claim followed by a close in one transaction adds up. */
function move(chain: Chain, from: string, to: string, amount: (balance: bigint, size: number) => bigint): void {
  const source = chain.getAccount(from);
  if (!source) return;
  const lamports = amount(source.lamports, source.data.length);
  if (lamports <= 0n) return;
  const target = chain.getAccount(to);
  chain.setAccount(from, { ...source, lamports: source.lamports - lamports });
  chain.setAccount(to, { ...(target ?? {}), lamports: (target?.lamports ?? 0n) + lamports });
}

function nameOf(ix: EmulatedInstruction): PumpInstruction {
  const name = pumpInstructionOf({ programId: ix.programId, data: ix.data, accounts: ix.accounts });
  if (!name) throw fail('InstructionFallbackNotFound', `only ${Object.keys(PUMP_IX).join(', ')} are emulated locally`);
  return name;
}

function checkTail(ix: EmulatedInstruction, from: number, withSystem: boolean): void {
  const tail = [...(withSystem ? [SYSTEM] : []), PUMP_EVENT_AUTHORITY, PUMP_PROGRAM];
  if (ix.accounts.length < from + tail.length) throw fail('AccountNotInitialized', 'missing accounts');
  tail.forEach((k, i) => {
    if (ix.accounts[from + i].pubkey !== k) throw fail('ConstraintAddress', `account ${from + i} must be ${k}`);
  });
}

function accumulatorOf(chain: Chain, ix: EmulatedInstruction): string {
  const [user, accumulator] = [ix.accounts[0].pubkey, ix.accounts[1].pubkey];
  if (accumulator !== volumeAccumulatorOf(user)) throw fail('ConstraintSeeds', 'user_volume_accumulator seeds');
  const account = chain.getAccount(accumulator);
  if (!account) throw fail('AccountNotInitialized', 'user_volume_accumulator');
  if (account.owner !== PUMP_PROGRAM) throw fail('AccountOwnedByWrongProgram', 'user_volume_accumulator');
  if (!readVolumeAccumulator(account.data)) throw fail('AccountDiscriminatorMismatch', 'user_volume_accumulator');
  return accumulator;
}

export const pumpEmulator: ProgramEmulator = {
  programId: PUMP_PROGRAM,
  lamportEffects: true,
  prepare(ix, { chain, signers }) {
    const name = nameOf(ix);
    checkTail(ix, 2, name !== 'closeUserVolumeAccumulator');
    if (!ix.accounts[0].isWritable || !ix.accounts[1].isWritable) throw fail('ConstraintMut', 'accounts 0 and 1');
    const user = ix.accounts[0].pubkey;
    if (name === 'collectCreatorFee') {
      const vault = ix.accounts[1].pubkey;
      if (vault !== creatorVaultOf(user)) throw fail('ConstraintSeeds', 'creator_vault seeds');
      return () => move(chain, vault, user, (balance, size) => balance - BigInt(chain.rent(size)));
    }
    const accumulator = accumulatorOf(chain, ix);
    if (name === 'claimCashback')
      return () => move(chain, accumulator, user, (balance, size) => balance - BigInt(chain.rent(size)));
    if (!signers.has(user)) throw fail('ConstraintSigner', 'user must sign the close');
    return () => move(chain, accumulator, user, (balance) => balance);
  },
};

/** PumpSwap's transfer_creator_fees_to_pump_v2, for a wrapped-SOL quote. */
export const pumpSwapEmulator: ProgramEmulator = {
  programId: PUMP_AMM_PROGRAM,
  lamportEffects: true,
  prepare(ix, { chain, signers }) {
    nameOf(ix);
    const creator = ix.accounts[5]?.pubkey ?? '';
    const expected = swapTransferAccounts(creator);
    if (ix.accounts.length !== expected.length) throw fail('AccountNotInitialized', 'missing accounts');
    if (!signers.has(ix.accounts[0].pubkey)) throw fail('ConstraintSigner', 'payer must sign');
    for (const i of [1, 2, 3, 4, 10, 11])
      if (ix.accounts[i].pubkey !== expected[i]) throw fail('ConstraintAddress', `account ${i} must be ${expected[i]}`);
    for (const i of [6, 7, 8, 9])
      if (ix.accounts[i].pubkey !== expected[i]) throw fail('ConstraintSeeds', `account ${i} seeds`);
    for (const i of [6, 7, 8]) if (!ix.accounts[i].isWritable) throw fail('ConstraintMut', `account ${i}`);
    const [vault, pumpVault] = [expected[7], expected[8]];
    const held = chain.getAccount(vault);
    if (!held) throw fail('AccountNotInitialized', 'coin_creator_vault_ata');
    return () => {
      const now = chain.getAccount(vault);
      const amount = now ? tokenAmountOf(now.data) : 0n;
      if (!now || amount === 0n) return;
      const data = Uint8Array.from(now.data);
      Buffer.from(data.buffer).writeBigUInt64LE(0n, 64);
      chain.setAccount(vault, { ...now, data, lamports: now.lamports - amount });
      const target = chain.getAccount(pumpVault);
      chain.setAccount(pumpVault, { ...(target ?? {}), lamports: (target?.lamports ?? 0n) + amount });
    };
  },
};
