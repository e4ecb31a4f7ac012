// The stake source's contract case: the demo wallet's stake account never delegated (its whole balance comes back)
// and the one delegated to a local vote account (only the SOL above today's rent comes back).
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => [manifest.recovery!.stakeInactive, manifest.recovery!.stakeDelegated],
};
