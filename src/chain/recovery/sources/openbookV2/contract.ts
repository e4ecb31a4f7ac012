// The OpenBook v2 source's contract case: the demo wallet's indexer, listing one empty open-orders account: one
// transaction closes both.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.openOrdersIndexer!] };
