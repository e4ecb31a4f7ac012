import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const WalletTokensSchema = {
  params: z.strictObject({ wallet: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
