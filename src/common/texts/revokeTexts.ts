// Ours (PRODUCT, the flows: Revoke delegation): after a rejected authorisation or a cancelled queue, the cNFTs not moved
// are still delegated to SolBack's server, which could still move them. The page says so and offers to undo it.
export const REVOKE = {
  offer: (n: number) =>
    `${n} cNFT${n === 1 ? ' is' : 's are'} still delegated to SolBack's server and could still be moved by it. ` +
    'Revoke the delegation to take back sole control (one wallet approval, network fee only).',
  button: (n: number) => `Revoke delegation (${n})`,
  working: 'Approve the revocation in your wallet...',
  done: (n: number) =>
    `Delegation revoked: ${n} cNFT${n === 1 ? ' is' : 's are'} again yours alone; the server can no longer move ${n === 1 ? 'it' : 'them'}.`,
  failed: (detail: string) => `Revoking failed: ${detail}`,
  nothingLeft: 'None of these cNFTs is delegated to the server any more.',
} as const;
