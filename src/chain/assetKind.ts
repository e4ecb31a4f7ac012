// Which kind of asset a DAS answer describes, and what its programs allow (PRODUCT difference 12). Classified by DAS `interface`
// and token standard, as indexers answer them: the reference indexer (metaplex-foundation/digital-asset-rpc-
// infrastructure) names prints V1_NFT and Helius names them V1_PRINT, so the token standard decides; Bubblegum V2
// leaves carry compression.flags / collection_hash / asset_data_hash and ownership.non_transferable.
import { TOKEN_2022_PROGRAM } from '../common/addresses';

export type AssetKind = 'nft' | 'pnft' | 'print' | 'token2022Nft' | 'core' | 'cnft' | 'cnftV2' | 'fungible';

/** The DAS fields the classification reads (a subset of any DAS asset answer). */
export interface DasKindFields {
  interface?: string;
  content?: { metadata?: { token_standard?: string } };
  compression?: { compressed?: boolean; flags?: number; collection_hash?: string; asset_data_hash?: string };
  ownership?: { frozen?: boolean; non_transferable?: boolean; delegated?: boolean; delegate?: string | null };
  token_info?: { token_program?: string };
  /** A master edition's prints outstanding (Helius and the reference indexer: supply.print_current_supply). */
  supply?: { print_current_supply?: number } | null;
  plugins?: {
    freeze_delegate?: { data?: { frozen?: boolean } };
    permanent_freeze_delegate?: { data?: { frozen?: boolean } };
  };
}

/** Why a program refuses the asset. Shared code holds no texts: the server words it (KIND_BLOCKED, services/assets/walletAssets.ts). */
export type BlockedReason =
  | 'cnftFrozen'
  | 'cnftNonTransferable'
  | 'pnftLocked'
  | 'coreFrozen'
  | 'coreCollectionFrozen'
  | 'fungibleFrozen'
  | 'nftStaked'
  | 'masterHasPrints';

export interface KindInfo {
  kind: AssetKind;
  canBurn: boolean;
  canMove: boolean;
  /** What is refused, for the card's plain text (null when everything is allowed). */
  blocked: BlockedReason | null;
  /** What the owner can still do. */
  actions: ('burn' | 'move' | 'hide' | 'revoke')[];
}

const FUNGIBLE = new Set(['FungibleToken', 'FungibleAsset']);

export function kindOf(a: DasKindFields): AssetKind {
  const c = a.compression;
  if (c?.compressed)
    return c.flags !== undefined || c.collection_hash !== undefined || c.asset_data_hash !== undefined
      ? 'cnftV2'
      : 'cnft';
  if (a.interface === 'MplCoreAsset') return 'core';
  if (FUNGIBLE.has(a.interface ?? '')) return 'fungible';
  const standard = a.content?.metadata?.token_standard;
  if (
    a.interface === 'ProgrammableNFT' ||
    standard === 'ProgrammableNonFungible' ||
    standard === 'ProgrammableNonFungibleEdition'
  )
    return 'pnft';
  if (a.interface === 'V1_PRINT' || standard === 'NonFungibleEdition') return 'print';
  if (a.token_info?.token_program === TOKEN_2022_PROGRAM) return 'token2022Nft';
  return 'nft';
}

export function classifyAsset(a: DasKindFields): KindInfo {
  const kind = kindOf(a);
  const o = a.ownership ?? {};
  const ok = (actions: KindInfo['actions']): KindInfo => ({
    kind,
    canBurn: actions.includes('burn'),
    canMove: actions.includes('move'),
    blocked: null,
    actions,
  });
  const refused = (
    blocked: BlockedReason,
    actions: KindInfo['actions'],
    canBurn = false,
    canMove = false,
  ): KindInfo => ({
    kind,
    canBurn,
    canMove,
    blocked,
    actions,
  });
  // Token Metadata refuses to burn a master edition while prints of it exist (burn/nonfungible.rs MasterEditionHasPrints).
  if ((kind === 'nft' || kind === 'pnft' || kind === 'token2022Nft') && (a.supply?.print_current_supply ?? 0) > 0)
    return refused('masterHasPrints', ['hide']);
  switch (kind) {
    case 'cnftV2':
      // Bubblegum V2: frozen refuses transfer, burn and delegate; non-transferable refuses transfer only.
      if (o.frozen || ((a.compression?.flags ?? 0) & 3) !== 0) return refused('cnftFrozen', ['hide']);
      if (o.non_transferable || ((a.compression?.flags ?? 0) & 4) !== 0)
        return refused('cnftNonTransferable', ['burn', 'hide'], true);
      return ok(['burn', 'move', 'hide']);
    case 'pnft':
      // A pNFT's token account is always frozen (the program thaws it to burn); a delegate means Locked or Listed.
      if (o.delegated || o.delegate) return refused('pnftLocked', ['revoke', 'hide']);
      return ok(['burn', 'hide']);
    case 'core':
      if (o.frozen || a.plugins?.freeze_delegate?.data?.frozen || a.plugins?.permanent_freeze_delegate?.data?.frozen)
        return refused('coreFrozen', ['hide']);
      return ok(['burn', 'hide']);
    case 'fungible':
      if (o.frozen) return refused('fungibleFrozen', ['hide']);
      return ok(['burn', 'hide']);
    case 'cnft':
      return ok(['burn', 'move', 'hide']);
    default:
      // Regular, print and Token-2022 NFTs: a frozen token account (not a pNFT) cannot be burned. Token Metadata
      // freezes one only for its delegate (freeze_delegated_account.rs): a staking program.
      if (o.frozen) return refused(o.delegated || o.delegate ? 'nftStaked' : 'fungibleFrozen', ['hide']);
      return ok(['burn', 'hide']);
  }
}
