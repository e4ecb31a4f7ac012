// Pump.fun's volume-accumulator instructions on the local chain (the program ships in no registry:
// backend/localnet/emulated/types.ts), with the account rules of the published IDL (pump-fun/pump-public-docs,
// idl/pump.json) and the transfers of its docs:
// - claim_cashback: user_volume_accumulator is the PDA ["user_volume_accumulator", user], a UserVolumeAccumulator of
//   the Pump program; the lamports above its rent-exempt minimum go to `user` (docs/PUMP_CASHBACK_README.md);
// - close_user_volume_accumulator: `user` signs; the same PDA; Anchor's close sends all its lamports to `user` (PUMP
//   incentives not yet claimed are forfeited: the program does not refuse).
import type { Chain } from '../../../../../backend/localnet/chain';
import { checkPumpTail, moveLamports, pumpFail, pumpNameOf } from '../../../../../backend/localnet/emulated/pump';
import type { EmulatedInstruction, ProgramEmulator } from '../../../../../backend/localnet/emulated/types';
import type { LocalPrograms } from '../../../../../backend/localnet/fund/recovery';
import { PUMP_PROGRAM, pumpInstructionOf, readVolumeAccumulator, volumeAccumulatorOf } from '../../pumpLayouts';

const NAMES = ['claimCashback', 'closeUserVolumeAccumulator'] as const;

function accumulatorOf(chain: Chain, ix: EmulatedInstruction): string {
  const [user, accumulator] = [ix.accounts[0].pubkey, ix.accounts[1].pubkey];
  if (accumulator !== volumeAccumulatorOf(user)) throw pumpFail('ConstraintSeeds', 'user_volume_accumulator seeds');
  const account = chain.getAccount(accumulator);
  if (!account) throw pumpFail('AccountNotInitialized', 'user_volume_accumulator');
  if (account.owner !== PUMP_PROGRAM) throw pumpFail('AccountOwnedByWrongProgram', 'user_volume_accumulator');
  if (!readVolumeAccumulator(account.data)) throw pumpFail('AccountDiscriminatorMismatch', 'user_volume_accumulator');
  return accumulator;
}

const accumulatorEmulator: ProgramEmulator = {
  programId: PUMP_PROGRAM,
  lamportEffects: true,
  handles: (ix) => (NAMES as readonly string[]).includes(pumpInstructionOf(ix) ?? ''),
  prepare(ix, { chain, signers }) {
    const name = pumpNameOf(ix, NAMES);
    checkPumpTail(ix, 2, name === 'claimCashback');
    const user = ix.accounts[0].pubkey;
    const accumulator = accumulatorOf(chain, ix);
    if (name === 'claimCashback')
      return () => moveLamports(chain, accumulator, user, (balance, size) => balance - BigInt(chain.rent(size)));
    if (!signers.has(user)) throw pumpFail('ConstraintSigner', 'user must sign the close');
    return () => moveLamports(chain, accumulator, user, (balance) => balance);
  },
};

export const localPrograms: LocalPrograms = () => [accumulatorEmulator];
