// A transfer queue as stored: apart from queueStore.ts so that the store and the unauthorised queues held in memory
// (pendingQueues.ts) share it without importing each other.
export type QueueItemState = 'pending' | 'sending' | 'completed' | 'failed' | 'cancelled';

export interface QueueItem {
  assetId: string;
  name: string;
  image: string | null;
  state: QueueItemState;
  /** Set before the transaction is sent (state 'sending'), so a restart can check it instead of sending again. */
  signature?: string;
  /** The signed transaction (base64) of the current attempt; rebroadcasting it cannot move the asset twice. */
  raw?: string;
  lastValidBlockHeight?: number;
  attempts: number;
  error?: string;
  updatedAt: number;
}

export interface QueueRecord {
  id: string;
  owner: string;
  createdAt: number;
  authorizedAt?: number;
  cancelledAt?: number;
  /** SHA-256 (hex) of the owner's access token for status and cancel (services/queue/queueAccess.ts). */
  accessTokenHash?: string;
  items: QueueItem[];
}
