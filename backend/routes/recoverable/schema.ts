import { z } from 'zod';
import { base58Address, noQuery } from '../schemas';

export const RecoverableSchema = {
  params: z.object({ wallet: base58Address }),
  query: noQuery,
};
