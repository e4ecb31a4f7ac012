import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const TokenMetadataSchema = {
  params: z.strictObject({ mint: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
