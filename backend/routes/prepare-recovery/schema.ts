import { prepareRecoveryRequest } from '../../../src/common/api/recovery';
import { walletAddress } from '../schemas';

export const PrepareRecoverySchema = {
  // The wire contract's request, with the owner refined to a wallet that can sign (an address on the curve).
  body: prepareRecoveryRequest.extend({ ownerAddress: walletAddress }),
};
