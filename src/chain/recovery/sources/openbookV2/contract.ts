// The OpenBook v2 source's contract case: the demo wallet's empty open-orders account, the last its indexer lists:
// one transaction closes both.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.openOrdersV2!] };
