// The Pump volume-accumulator source's contract case: the demo wallet's accumulator, its cashback claimed and its
// rent returned by the close in one transaction.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => manifest.recovery!.sources.pumpVolumeAccumulator!,
};
