// The OpenBook v1 source's contract case: the demo wallet's empty open-orders account, closed whole.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.openOrdersV1!] };
