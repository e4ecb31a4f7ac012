import { batchBurnNftRequest } from '../../../src/common/api/nftBurn';

export const BatchBurnNftSchema = { body: batchBurnNftRequest };
