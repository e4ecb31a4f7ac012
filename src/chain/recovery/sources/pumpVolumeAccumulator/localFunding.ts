// Local funding of the Pump volume-accumulator source: the wallet's UserVolumeAccumulator of the Pump program with
// bonding-curve cashback waiting, written in the IDL's layout (pump-fun/pump-public-docs, idl/pump.json `types`
// UserVolumeAccumulator, 106 bytes with its discriminator) as the program leaves it after cashback trades: no PUMP
// incentives to claim, the cashback as lamports above the rent-exempt minimum.
import type { LocalFunding } from '../../../../../backend/localnet/fund/recovery';
import { PUMP_PROGRAM, USER_VOLUME_ACCUMULATOR_TAG, volumeAccumulatorOf } from '../../pumpLayouts';
import { pk } from '../../../../../backend/localnet/fund/tx';

const VOLUME_ACCUMULATOR_SIZE = 106;
/** 0.00456 SOL of cashback earned and not claimed. */
export const FUNDED_CASHBACK = 4_560_000;
const CASHBACK_EARNED_OFFSET = 74;

export const localFunding: LocalFunding = ({ chain }, owner) => {
  const accumulator = volumeAccumulatorOf(owner);
  const data = Buffer.alloc(VOLUME_ACCUMULATOR_SIZE);
  Buffer.from(USER_VOLUME_ACCUMULATOR_TAG).copy(data, 0);
  pk(owner).toBuffer().copy(data, 8);
  data.writeBigUInt64LE(BigInt(FUNDED_CASHBACK), CASHBACK_EARNED_OFFSET);
  chain.setAccount(accumulator, {
    lamports: chain.rent(VOLUME_ACCUMULATOR_SIZE) + FUNDED_CASHBACK,
    data,
    owner: PUMP_PROGRAM,
  });
  return [accumulator];
};
