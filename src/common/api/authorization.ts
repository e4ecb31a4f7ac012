/** The exact texts the owner signs; the server verifies the signature over the same text (PRODUCT difference 3). */
export const authorizationMessages = {
  queue: (queueId: string) => `Authorize cNFT queue transfer: ${queueId}`,
  burnRequest: (assetId: string) => `Authorize burning cNFT: ${assetId}`,
  delegatedTransfer: (assetId: string) => `Authorize delegated transfer of cNFT ${assetId} to the trash wallet`,
};
