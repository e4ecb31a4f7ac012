import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const AssetIdSchema = {
  params: z.strictObject({ assetId: base58Address }),
  query: z.strictObject({ ...cacheBust }),
};
