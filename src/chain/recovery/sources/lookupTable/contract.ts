// The lookup-table source's contract case: the demo wallet's active table, whose first phase (deactivate) runs now
// and returns nothing; the close after the cooldown is __tests__/backend/recovery.test.ts's.
import type { SourceContract } from '../../sourceContract';

export const contract: SourceContract = { accounts: async ({ manifest }) => [manifest.recovery!.lookupTable] };
