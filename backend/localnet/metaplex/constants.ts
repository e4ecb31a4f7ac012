// Sizes and parameters the emulated Metaplex state is built with (PRODUCT figures: sizes as on mainnet).
export {
  TOKEN_PROGRAM,
  TOKEN_2022_PROGRAM,
  ASSOCIATED_TOKEN_PROGRAM,
  TOKEN_METADATA_PROGRAM,
  BUBBLEGUM_PROGRAM,
  ACCOUNT_COMPRESSION_PROGRAM,
  SPL_NOOP_PROGRAM,
  SYSTEM_PROGRAM,
  MPL_CORE_PROGRAM,
  MPL_NOOP_PROGRAM,
  MPL_ACCOUNT_COMPRESSION_PROGRAM,
  SYSVAR_INSTRUCTIONS,
} from '../../../src/common/addresses';

export const MINT_SIZE = 82;
export const TOKEN_ACCOUNT_SIZE = 165;
export const METADATA_SIZE = 679; // MAX_METADATA_LEN, what Token Metadata allocates for every NFT
export const EDITION_SIZE = 282; // MAX_MASTER_EDITION_LEN
// mpl-token-metadata state/edition.rs MAX_EDITION_LEN = 1 + 32 + 8 + 1; state/edition_marker.rs MAX_EDITION_MARKER_SIZE;
// state/programmable.rs TOKEN_RECORD_SIZE = 1 + 1 + 1 + 9 + 33 + 2 + 33.
export const PRINT_EDITION_SIZE = 42;
export const EDITION_MARKER_SIZE = 32;
export const TOKEN_RECORD_SIZE = 80;

// A transfer carries maxDepth - canopyDepth = 6 proof nodes: ~685 bytes, far below 1232 (PRODUCT figures: ≤ 16 nodes
// with room for a wallet's additions).
// (14, 64) is one of the (depth, buffer) pairs account compression accepts; 16,384 leaves per tree.
export const TREE_MAX_DEPTH = 14;
export const TREE_MAX_BUFFER = 64;
export const TREE_CANOPY_DEPTH = 8;

export const DEMO_IMAGES = 12; // static/demo/{nft,cnft}-1..12.svg, reused in turn for bigger profiles
