import { z } from 'zod';
import { IMAGE_MAX_URL_LENGTH } from '../../services/image/imageProxy';
import { cacheBust } from '../schemas';

export const ImageSchema = {
  query: z.strictObject({ url: z.string().min(1).max(IMAGE_MAX_URL_LENGTH), ...cacheBust }),
};
