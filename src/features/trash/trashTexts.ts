// Our own wording for the cNFT trash UI where the spec shows none (spec texts live in src/common/texts/).
export const TRASH_UI = {
  trash: 'Trash',
  delegated: 'Delegated transfer',
  burn: 'Burn cNFT',
  trashSelected: 'Trash selected',
  burnTitle: 'Burn cNFT',
  burnInfo:
    'Burning destroys this cNFT for good. Your wallet signs a Bubblegum burn as the leaf owner; no rent is returned.',
  burnConfirm: 'Burn cNFT',
  burning: 'Burning...',
  burned: (name: string) => `Burned ${name}.`,
  sent: (name: string) => `Sent ${name} to the trash wallet.`,
  notDelegated: 'This cNFT is not delegated to the server delegate, so it cannot be moved this way.',
  robustProcessing: 'Signing in this page and sending...',
  robustSuccess: 'cNFT sent to the trash wallet.',
  keyStaysHere:
    'The key is used only in this page to sign; it is never sent anywhere and is forgotten when this window closes.',
  selectedCount: (n: number) => `${n} cNFT${n === 1 ? '' : 's'} selected`,
  close: 'Close',
  delegateFirst: 'Delegate to the server',
  delegating: 'Approve the delegation in your wallet...',
  queueIntro:
    'Selected cNFTs are delegated to the server (one wallet approval), then the server moves each to the trash wallet.',
} as const;
