// The pumpVolumeAccumulator source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import { exactSol } from '../../../format';
import type { SourceTexts } from '../../source';
import type { PumpVolumeAccumulatorDetail } from './source';

export const PUMP_ACCUMULATOR_DETAIL = {
  pumpAccumulator: (cashback: string, rent: string) =>
    `Pump.fun volume accumulator: ${cashback} SOL of cashback (claimed rewards) and its rent, ${rent} SOL, come back when it closes.`,
  pumpAccumulatorIncentives:
    'Pump.fun volume accumulator with PUMP rewards not yet claimed: left alone, closing it would forfeit them.',
} as const;

export const pumpVolumeAccumulatorTexts: SourceTexts<PumpVolumeAccumulatorDetail> = {
  name: 'Pump.fun cashback and volume accumulator',
  noun: 'Pump.fun volume accumulator',
  detail: (d) =>
    d.about === 'pumpAccumulator'
      ? PUMP_ACCUMULATOR_DETAIL.pumpAccumulator(exactSol(d.cashbackLamports), exactSol(d.rentLamports))
      : PUMP_ACCUMULATOR_DETAIL.pumpAccumulatorIncentives,
};
