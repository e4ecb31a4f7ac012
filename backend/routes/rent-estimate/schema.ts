import { z } from 'zod';
import { base58Address, cacheBust } from '../schemas';

export const RentEstimateSchema = {
  params: z.object({ wallet: base58Address }),
  // Only the accurate calculator exists; the flag is accepted for the spec's clients.
  query: z.object({ useAccurateCalculator: z.enum(['true', 'false']).optional(), ...cacheBust }),
};
