// The wrapped-SOL source's contract case: the demo wallet's wrapped SOL account, funded with a balance.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => [manifest.wrappedSol!.account],
};
