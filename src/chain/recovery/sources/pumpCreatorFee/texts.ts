// The pumpCreatorFee source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import { exactSol } from '../../../format';
import type { SourceTexts } from '../../source';
import type { PumpCreatorFeeDetail } from './source';

export const PUMP_CREATOR_FEE_DETAIL = (fees: string, swapFees: string | null) =>
  `Pump.fun creator fees: ${fees} SOL your coins earned on the bonding curve${swapFees ? ` and ${swapFees} SOL on PumpSwap` : ''} come back (claimed rewards, not rent); the vault stays open for new fees.`;

export const pumpCreatorFeeTexts: SourceTexts<PumpCreatorFeeDetail> = {
  name: 'Pump.fun and PumpSwap creator fees',
  noun: 'Pump.fun creator vault',
  detail: ({ feeLamports, swapFeeLamports }) =>
    PUMP_CREATOR_FEE_DETAIL(exactSol(feeLamports), swapFeeLamports > 0 ? exactSol(swapFeeLamports) : null),
};
