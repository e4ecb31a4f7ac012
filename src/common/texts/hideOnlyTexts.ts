// Ours, PRODUCT difference 8: the 1000-lamport last fallback hides a cNFT in this browser; it never moves it. The page asks
// before it pays, says plainly what it will and will not do, and points at "Hidden items" to undo it.
export const HIDE_ONLY = {
  title: 'Moving this cNFT failed',
  body:
    'SolBack could not move this cNFT to the trash wallet. As a last resort it can send 1,000 lamports ' +
    '(0.000001 SOL, plus the network fee) to the trash wallet and hide the cNFT in this browser. ' +
    'The cNFT is NOT moved: it stays in your wallet, and "Hidden items" can show it again.',
  accept: 'Hide it (1,000 lamports)',
  decline: "Don't hide",
  why: 'Why the moves failed',
  declined: 'Nothing was sent: the cNFT stays in your wallet and in this list.',
  hidden: (name: string) =>
    `${name} is hidden in this browser, not moved: it is still in your wallet. "Hidden items" can show it again.`,
} as const;
