// The owner's access token of each queue this page authorised (PRODUCT difference 11; the server side is
// backend/services/queue/queueAccess.ts). Kept here, outside Redux state and RTK Query's cache (both are visible to
// dev tools and the state could be persisted), and sent only as the `Authorization` header of status and cancel.
const tokens = new Map<string, string>();

export const queueAccess = {
  remember(queueId: string, token: string): void {
    tokens.set(queueId, token);
  },
  has: (queueId: string): boolean => tokens.has(queueId),
  /** The header for this queue's status and cancel calls (none when the page never authorised it). */
  headers(queueId: string): Record<string, string> {
    const token = tokens.get(queueId);
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  forget(queueId: string): void {
    tokens.delete(queueId);
  },
};
