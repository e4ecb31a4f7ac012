// The nonce source's contract case: the demo wallet's durable nonce account, withdrawn whole.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.nonce] };
