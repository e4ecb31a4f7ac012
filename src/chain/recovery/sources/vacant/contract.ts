// The empty-account source's contract case: every empty token account of the demo wallet (SPL Token, Token-2022,
// one with withheld transfer fees harvested first).
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = {
  accounts: async ({ manifest }) => manifest.emptyAccounts.map((a) => a.account),
};
