// The program-buffer source's contract case: the demo wallet's buffer, closed whole.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.buffer] };
