import { robustTransferRequest } from '../../../src/common/api/cnft';

export const RobustTransferSchema = { body: robustTransferRequest };
