// Ours (the spec has none): what the page says when a wallet refuses a request carrying several transactions and the
// page asks for them one per request instead (docs/PRODUCT.md, "One transaction at a time").
const plural = (n: number) => `${n} transaction${n === 1 ? '' : 's'}`;

export const ONE_AT_A_TIME = {
  /** Why the wallet is asked once per transaction (shown while it runs, for the rest of the session). */
  why: 'This wallet asks for one transaction at a time, so each transaction needs its own approval. SolBack asks for them in order.',
  title: 'One transaction at a time',
  progress: (current: number, total: number) => `Approve ${current} of ${total}`,
  stop: 'Stop after this one',
  stopping: 'Stopping after this approval…',
  /** The user stopped: only the first `sent` were asked for and sent. */
  stopped: (sent: number, total: number) =>
    `Stopped after ${sent} of ${plural(total)}: the other ${total - sent} were not sent. What landed is shown as the chain records it.`,
  /** Transaction `sent + 1` was declined (or the wallet failed it): the ones before it were sent. */
  endedPartWay: (sent: number, total: number, declined: boolean) =>
    `${declined ? 'Declined' : 'The wallet refused'} transaction ${sent + 1} of ${total}: ${sent} of ${plural(total)} were sent, the rest were not. What landed is shown as the chain records it.`,
  /** Transaction `sent + 1` could no longer be sent: its blockhash expired while the ones before were approved. */
  expiredPartWay: (sent: number, total: number) =>
    `Transaction ${sent + 1} of ${total} expired while waiting for approval: ${sent} of ${plural(total)} were sent, the rest were not. Start again for the rest.`,
} as const;
