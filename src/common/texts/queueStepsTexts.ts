// The lines under the queue modal's state while the queue is being set up (docs/PRODUCT.md#trash-a-cnft leaves them to us).
import { QUEUE_MODAL } from './cnftTexts';

export const QUEUE_STEPS = {
  delegating: 'Approve the delegation of the selected cNFTs in your wallet...',
  approving: 'Approve the delegations and the authorisation of the queue in your wallet...',
  creating: QUEUE_MODAL.creatingQueue,
  signing: 'Please sign the authorisation message with your wallet...',
} as const;
