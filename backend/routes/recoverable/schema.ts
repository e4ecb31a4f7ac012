import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const RecoverableSchema = {
  params: z.object({ wallet: base58Address }),
  // scope=all: every registered source, the empty accounts and the surplus too ("Recover everything").
  query: z.strictObject({ ...cacheBust, scope: z.enum(['all']).optional() }),
};
