// The surplus source's contract case: a token account the demo wallet keeps and a mint it is the authority of, both
// made at the legacy rent, so each holds SOL above today's minimum.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => [manifest.tokens[0].account, manifest.ownedMints![0].mint],
};
