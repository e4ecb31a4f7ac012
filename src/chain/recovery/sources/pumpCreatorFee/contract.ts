// The Pump creator-fee source's contract case: the demo wallet's creator vault, whose fees above its rent come back.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => manifest.recovery!.sources.pumpCreatorFee!,
};
