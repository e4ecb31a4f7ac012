// The wallet feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export {
  canAuthorize,
  canAuthorizeQueue,
  prepareAuthorization,
  signAuthorization,
  signPrepared,
} from './authorization';
export { canDoAllAtOnce, signAndSend, signingModeFor } from './signing';
export type { GuardStep, SigningDeps, SigningRequest, SigningStep } from './signing';
export {
  BlockhashExpiredError,
  GuardRefusedError,
  SendFailedError,
  SigningFailedError,
  SigningPathError,
  SigningRejectedError,
  SigningStoppedError,
  SigningTimedOutError,
  WalletNotReadyError,
  errorInfo,
  isAbort,
} from './signingErrors';
export { canSignOrSend } from './signingMode';
export { OneAtATimeStatus } from './OneAtATimeStatus';
export { selectWalletAddress, selectWalletConnected, walletConnectFailed } from './walletSlice';
