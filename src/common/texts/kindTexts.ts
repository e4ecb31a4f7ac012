// Texts for today's NFT kinds (PRODUCT difference 12): the label each card shows, and what it says when the programs refuse an
// action. The spec has no text for these; they say plainly what the program allows and what the owner can do.
import type { AssetKind } from '../../chain/assetKind';

export const KIND_LABELS: Record<AssetKind, string> = {
  nft: 'NFT',
  pnft: 'Programmable NFT',
  print: 'Print edition',
  token2022Nft: 'Token-2022 NFT',
  core: 'Core asset',
  cnft: 'Compressed NFT',
  cnftV2: 'Compressed NFT (V2)',
  fungible: 'Token',
};

export const KIND_HIDE = 'Hide';

export const KIND_BLOCKED = {
  cnftFrozen: 'Frozen: its program refuses any transfer or burn until the freeze is lifted. You can hide it.',
  cnftNonTransferable: 'Non-transferable: it cannot be moved to the trash wallet. You can burn it or hide it.',
  pnftLocked:
    'Locked by a delegate (staked or listed): it cannot be burned while the delegate holds it. Revoke the delegate where you listed or staked it, or hide it.',
  coreFrozen: 'Frozen by a freeze delegate: it cannot be burned while frozen. You can hide it.',
  coreCollectionFrozen: 'Its collection is frozen by its creator: it cannot be burned while frozen. You can hide it.',
  fungibleFrozen: 'Frozen by its issuer: it cannot be burned or closed. You can hide it.',
  nftStaked:
    'Frozen by its delegate (staked): it cannot be burned while frozen. Unstake it where you staked it, or hide it.',
  masterHasPrints:
    'A master edition with prints: Token Metadata refuses to burn it while any of its prints exist. Burn them first, or hide it.',
} as const;

/** Errors for a Bubblegum V2 action its program would refuse (checked before anything is signed). */
export const CNFT_V2_REFUSED = {
  frozen:
    'This cNFT is frozen: Bubblegum refuses to transfer, burn or delegate it until the freeze is lifted. You can hide it.',
  nonTransferable: 'This cNFT is non-transferable: Bubblegum refuses to move it. You can burn it or hide it.',
} as const;
