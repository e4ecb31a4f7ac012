import { z } from 'zod';
import { cacheBust } from '../schemas';

export const RelayerStatusSchema = { query: z.object({ ...cacheBust }) };
