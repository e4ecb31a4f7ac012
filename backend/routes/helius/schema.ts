import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

const params = z.strictObject({ wallet: base58Address });

export const WalletNftsSchema = {
  params,
  // format=list: `data` is one list (regular then compressed), the spec's second reading of this endpoint.
  query: z.strictObject({ ...cacheBust, format: z.enum(['split', 'list']).optional() }),
};
export const AssetListSchema = { params, query: z.strictObject({ ...cacheBust }) };
