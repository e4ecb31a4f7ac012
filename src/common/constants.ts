// Business constants and limits (docs/PRODUCT.md#figures-and-limits, and the call time-outs of #server-calls), one name per number.
// Money is lamports (integers); times are milliseconds.

export const LAMPORTS_PER_SOL = 1_000_000_000;

// --- Fees and rent ---
/** Service fee: 1 % of the recovered rent, in basis points (fee = floor(rent × bps / 10 000)). */
export const SERVICE_FEE_BPS = 100;
/** An NFT burned alone (its card's Burn, or selected alone) carries no service fee; this many burned together do. */
export const MIN_NFTS_FOR_SERVICE_FEE = 2;
export const BASIS_POINTS_DENOMINATOR = 10_000;
/** The spec's figure (docs/PRODUCT.md#figures-and-limits, "about 0.00204 SOL" = (165 + 128) × 6960, the pre-SIMD-0437 rate). No amount is computed from
 * these: rent comes from each account's lamports and the chain's getMinimumBalanceForRentExemption (PRODUCT difference 13). */
export const DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280;
/** Rent assumed in the NFT burn success message (0.0077 SOL). */
export const NFT_BURN_ASSUMED_RENT_LAMPORTS = 7_700_000;
/** Metadata (679 B) and master edition (282 B) rent, which a full Metaplex burn also returns (PRODUCT figures). */
export const NFT_METADATA_RENT_LAMPORTS = 5_616_720;
export const NFT_MASTER_EDITION_RENT_LAMPORTS = 2_853_600;
export const NFT_FULL_BURN_RENT_LAMPORTS =
  DEFAULT_TOKEN_ACCOUNT_RENT_LAMPORTS + NFT_METADATA_RENT_LAMPORTS + NFT_MASTER_EDITION_RENT_LAMPORTS;
/** Base fee the cluster charges per signature. */
export const LAMPORTS_PER_SIGNATURE = 5_000;

// --- Selection and batch limits ---
/** Warning 'Batch Size Limit Exceeded' when MORE than this many tokens are selected. */
export const MAX_SELECTED_TOKENS_WARNING_THRESHOLD = 10;
/** Warning when MORE than this many NFTs are selected. */
export const MAX_SELECTED_NFTS_WARNING_THRESHOLD = 10;
/**
 * Most NFTs one POST /api/batch-burn-nft may burn. Above the spec's 10 on purpose (PRODUCT difference 6): one 'Burn Selected
 * NFTs' is one action, which the server packs by measured size into several transactions (≈ 5 full burns each) that
 * the wallet signs with one approval. The cap only bounds the work of one request; over it the route answers 400 with
 * maxBatchSize = this, and the page shows '{error} Please select {n} or fewer NFTs.' (docs/PRODUCT.md#validation).
 */
export const MAX_NFTS_PER_BURN_REQUEST = 50;
/** Spec behaviour: the first 8 selected tokens go into one transaction (used when the wallet cannot sign several). */
export const BULK_TOKEN_BURN_PER_TRANSACTION = 8;
/** At most this many proof nodes are put in a cNFT transfer. */
export const MAX_PROOF_NODES = 12;
/** Basic trash fallback: a 1000-lamport transfer that only hides the asset. */
export const BASIC_FALLBACK_TRANSFER_LAMPORTS = 1_000;
/** Its compute-unit limit: a System transfer takes 150 units, each compute-budget instruction 150 more. */
export const BASIC_FALLBACK_COMPUTE_UNITS = 10_000;
/**
 * The queue's authorisation memo (src/chain/authorizationMemo.ts): SPL Memo checks its signer and the text's UTF-8,
 * about 22,400 units for a 20-byte memo (solana-mobile/mobile-wallet-adapter PR #752), more per byte; ours has ~94.
 */
export const AUTHORIZATION_MEMO_COMPUTE_UNITS = 100_000;
/**
 * Bubblegum V2's fee on every transferV2, paid by the transfer's payer to the tree config beside the network fee
 * (mpl-bubblegum programs/bubblegum/program/src/state/collect.rs TRANSFER_V2_FEE_LAMPORTS, processor/transfer.rs).
 */
export const BUBBLEGUM_V2_TRANSFER_FEE_LAMPORTS = 6_000;

// --- Compute budget ---
export const SINGLE_BURN_COMPUTE_UNITS = 200_000;
/** Bulk token burn: 200 000 × min(5, count). */
export const BULK_BURN_COMPUTE_UNITS_PER_TOKEN = 200_000;
export const BULK_BURN_COMPUTE_UNITS_MAX_MULTIPLIER = 5;
export const CNFT_TRANSFER_COMPUTE_UNITS = 400_000;
/** The runtime's ceiling for one transaction. */
export const MAX_COMPUTE_UNITS_PER_TRANSACTION = 1_400_000;
/** Spec: compute-unit price 1 microlamport; also the floor of our priority fee. */
export const DEFAULT_COMPUTE_UNIT_PRICE_MICROLAMPORTS = 1;
export const MIN_COMPUTE_UNIT_PRICE_MICROLAMPORTS = 1;
/**
 * Cap on the priority fee taken from getRecentPrioritizationFees (PRODUCT difference 9). At 200 000 CU, 100 000 µlamports/CU
 * costs at most 0.00002 SOL — small against the ~0.002 SOL a close returns.
 */
export const MAX_COMPUTE_UNIT_PRICE_MICROLAMPORTS = 100_000;
/** getRecentPrioritizationFees takes at most 128 addresses (Solana JSON-RPC reference, getRecentPrioritizationFees). */
export const MAX_PRIORITY_FEE_ACCOUNTS = 128;

// --- Transactions ---
/** Legacy and v0 transactions: at most 1232 serialized bytes (1280 IPv6 MTU − 48 header bytes). */
export const TRANSACTION_SIZE_LIMIT_BYTES = 1232;
/**
 * Room a wallet's own guard takes in every transaction it is asked to sign (src/chain/walletAdditions.ts), measured by
 * serializing transactions with and without the additions (walletAdditions.test.ts): the four Lighthouse assertions
 * (4 × (program index + account count + 1 account index + data length) + 17 + 52 + 16 + 27 data bytes = 128) plus
 * Lighthouse's program key (32) = 160 bytes; the compute-budget pair a wallet adds where there is none = 52 more
 * (program key 32, setComputeUnitLimit 3 + 5, setComputeUnitPrice 3 + 9). Packers measure the transaction with the
 * additions in (src/chain/pack.ts sizeAfterWalletAdditions); arithmetic over sizes subtracts these.
 */
export const WALLET_GUARD_BYTES = 160;
export const WALLET_COMPUTE_BUDGET_BYTES = 52;
export const BATCH_SEND_MAX_RETRIES = 5;

// --- Commitments ---
export const CONNECTION_COMMITMENT = 'confirmed' as const;
export const SEND_COMMITMENT = 'processed' as const;
export const CONFIRM_COMMITMENT = 'confirmed' as const;
export const CNFT_COMMITMENT = 'confirmed' as const;

// --- Time-outs (ms) ---
export const SIGNING_TIMEOUT_MS = 120_000;
export const RENT_ESTIMATE_TIMEOUT_MS = 15_000;
export const TOKEN_METADATA_TIMEOUT_MS = 10_000;
export const PROOF_FETCH_TIMEOUT_MS = 20_000;
export const DELEGATED_TRANSFER_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

// --- Retries ---
export const TOKEN_METADATA_MAX_RETRIES_ON_429 = 3;
/** Retry delay on 429 = this × attempt number. */
export const TOKEN_METADATA_RETRY_DELAY_MS = 1_000;
export const DELEGATED_TRANSFER_MAX_RETRIES = 2;
/** Back-off ≈ base × 2^attempt ± 10 %. */
export const DELEGATED_TRANSFER_BACKOFF_BASE_MS = 1_000;
export const DELEGATED_TRANSFER_BACKOFF_JITTER = 0.1;

// --- Concurrency and delays (ms) ---
export const TOKEN_METADATA_CONCURRENCY = 3;
export const ONCHAIN_NFT_LOOKUP_BATCH_SIZE = 3;
export const ONCHAIN_NFT_LOOKUP_PAUSE_MS = 500;
export const RENT_ESTIMATE_DELAY_AFTER_WALLET_CHANGE_MS = 500;
export const REMAINING_TOKENS_MESSAGE_DELAY_MS = 5_000;
export const QUEUE_POLL_INTERVAL_MS = 2_000;
export const QUEUE_SUCCESS_CALLBACK_DELAY_MS = 2_000;
export const CNFT_BETWEEN_PROOF_REFRESHES_MS = 100;

// --- Activity log ---
export const ACTIVITY_MAX_ENTRIES = 50;
export const ACTIVITY_RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACTIVITY_RECENT_MAX_SHOWN = 10;
export const ACTIVITY_PANEL_MAX_HEIGHT_PX = 300;
export const ACTIVITY_RECOVERY_DECIMALS = 4;

// --- Display ---
/** Token balance: up to 4 fraction digits, or 8 when the value is below 0.001 (docs/PRODUCT.md#assets-screen). */
export const TOKEN_BALANCE_FRACTION_DIGITS = 4;
export const TOKEN_BALANCE_SMALL_FRACTION_DIGITS = 8;
/** Shortened ids: first 6 and last 4 characters. */
export const SHORT_ID_HEAD = 6;
export const SHORT_ID_TAIL = 4;
export const DEFAULT_TOKEN_ICON = '/static/default-token.svg';
export const DEFAULT_NFT_IMAGE = '/static/default-nft.svg';
export const STATIC_PUBLIC_PATH = '/static/dist/';

// --- Network ---
export const MAINNET_RPC_URL = 'https://api.mainnet-beta.solana.com';
export const EXPLORER_BASE_URL = 'https://explorer.solana.com';
/** The burn-request call's signature when signing is unavailable (docs/PRODUCT.md#who-acts). */
export const SIMULATED_SIGNATURE = 'simulated-signature';

// --- Trust (PRODUCT difference 10, RELIABILITY, trust) ---
/** Most a transaction may pay as priority fee, whatever the compute-unit price (the guard and our builders). */
export const MAX_PRIORITY_FEE_LAMPORTS_PER_TRANSACTION = 50_000;
/** …and at most this share (basis points) of the lamports that transaction returns to the owner. */
export const MAX_PRIORITY_FEE_SHARE_OF_RETURN_BPS = 1_000;
/** Signed messages: the server's nonce and the message's expiry live at most this long. */
export const SIGNED_MESSAGE_TTL_MS = 10 * 60_000;
/** The slots a deactivated lookup table waits before its close (its deactivation slot leaves the 512 slot hashes). */
export const TABLE_COOLDOWN_SLOTS = 513;
