// Request and response of every `/api` call (spec §7, with the changes of DESIGN §3).
// Field names are the spec's. Units: where the spec names an amount (totalRentEstimate, totalRent, recoveredRent…)
// the server answers SOL for display AND an exact integer twin `<name>Lamports` — compute with the twin. Fields
// named `lamports`/`…Lamports` are integers; batch-burn-nft amounts are lamports. Raw token amounts are decimal
// strings (they can exceed 2^53), transactions base64, addresses base58, message signatures base64 (ed25519 over
// the UTF-8 text).
// A failure answers `{ success: false, error }` — with a 4xx/5xx status, or 200 where the spec reads `error` from a body.

export interface ApiFailure {
  success: false;
  error: string;
}
/** Every response carries `success`; `error` is set when it is false. */
export interface ApiResult {
  success: boolean;
  error?: string;
}

// --- §7.1 configuration and estimates -------------------------------------------------------------------------

/** GET /api/config */
export interface ConfigResponse extends ApiResult {
  /** This server's JSON-RPC proxy (`<origin>/api/rpc`), never an upstream URL. */
  quicknodeRpcUrl: string;
  /** Only when a public explorer key is configured. */
  solscanApiKey?: string;
  /** true when the server runs the embedded local chain. */
  localnet: boolean;
  trashWallet: string;
  feeWallet: string;
  /** The server's fixed cNFT delegate address. */
  delegate: string;
}

/** GET /api/rent-estimate/{wallet}?useAccurateCalculator=true — SOL + lamport twins, before the 1 % fee; counts. */
export interface RentEstimateData {
  totalRentEstimate: number;
  totalRentEstimateLamports: number;
  rentPerAccount: number;
  rentPerAccountLamports: number;
  nftRentPerAsset: number;
  nftRentPerAssetLamports: number;
  nftAccounts: number;
  tokenAccounts: number;
  vacantAccounts: number;
  breakdown: {
    nftRent: number;
    nftRentLamports: number;
    tokenRent: number;
    tokenRentLamports: number;
    vacantRent: number;
    vacantRentLamports: number;
  };
  actualBalances: { avgVacantRent: number; avgVacantRentLamports: number };
  /** SOL above today's rent-exempt minimum in accounts the wallet keeps (SIMD-0437 surplus; SOL twin for display). */
  surplusRent?: number;
  surplusRentLamports?: number;
  surplusAccounts?: number;
}
export interface RentEstimateResponse extends ApiResult {
  data?: RentEstimateData;
}

// --- §7.2 vacant accounts -------------------------------------------------------------------------------------

/** POST /api/burn-vacant-accounts */
export interface VacantAccountsRequest {
  ownerAddress: string;
  /** The spec's fixed placeholder is accepted (DESIGN §3.3). */
  signedMessage: string;
}
export interface VacantAccount {
  /** Token account address. */
  address: string;
  mint: string;
  /** Token program that owns the account (SPL Token or Token-2022). */
  programId: string;
  /** The account's own lamports = the rent its close returns. */
  lamports: number;
  /** Token-2022 transfer-fee amount withheld in the account (raw, decimal string), harvested before the close. */
  withheldAmount?: string;
}
/** Accounts that are empty but not closed silently (wrapped SOL, frozen, delegated, foreign close authority). */
export interface SkippedVacantAccount {
  address: string;
  mint: string;
  programId?: string;
  lamports: number;
  reason: 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority';
  detail?: string;
}
export interface VacantAccountsResponse extends ApiResult {
  accountCount: number;
  vacantAccounts: VacantAccount[];
  skippedAccounts?: SkippedVacantAccount[];
  /** Sum over `vacantAccounts`: SOL, and exact lamports. */
  totalRent?: number;
  totalRentLamports?: number;
}

/** POST /api/prepare-burn-transactions */
export interface PrepareBurnTransactionsRequest {
  ownerAddress: string;
  /** Token account addresses to close (a subset of `vacantAccounts[].address`); omitted = all. */
  vacantAccounts?: string[];
  /** Also withdraw the surplus rent of kept accounts (WithdrawExcessLamports, DESIGN §3.13). */
  withdrawSurplus?: boolean;
}
export interface PrepareBurnTransactionsResponse extends ApiResult {
  /** The first transaction (spec); unsigned, base64. */
  transaction?: string;
  /** All transactions, packed to the size limit (DESIGN §3.6). `transactions[0] === transaction`. */
  transactions?: string[];
  /** Accounts closed by all `transactions` together. */
  accountCount: number;
  /** Accounts closed by each transaction, same order as `transactions`. */
  accountCounts?: number[];
  /** Rent returned and fee charged over all transactions: SOL, and exact lamports. */
  totalRent?: number;
  totalRentLamports?: number;
  totalFee?: number;
  totalFeeLamports?: number;
  feeWallet?: string;
  skippedAccounts?: SkippedVacantAccount[];
}

/** POST /api/submit-burn-transaction — one signed transaction, or all of one prepare (`signedTransactions`). */
export interface SubmitBurnTransactionRequest {
  signedTransaction?: string;
  signedTransactions?: string[];
  accountCount?: number;
}
export interface SubmitBurnTransactionResponse extends ApiResult {
  signature?: string;
  signatures?: string[];
  /** Rent of the closed accounts: SOL, and exact lamports (the service fee is `serviceFeeLamports`). */
  recoveredRent?: number;
  recoveredRentLamports?: number;
  serviceFeeLamports?: number;
  accountCount?: number;
  ownerBalanceChangeLamports?: number;
  feeWalletBalanceChangeLamports?: number;
}

// --- §7.3 tokens and NFTs -------------------------------------------------------------------------------------

/** GET /api/wallet-tokens/{wallet} — 503 when temporarily unavailable. */
export interface WalletTokenItem {
  mint: string;
  /** Raw amount, decimal string. */
  amount: string;
  decimals: number;
  tokenAccount: string;
  programId?: string;
  /** Present when the server already knows the mint's metadata. */
  symbol?: string;
  name?: string;
  logoURI?: string;
  metadataUri?: string;
}
export interface WalletTokensResponse extends ApiResult {
  tokens: WalletTokenItem[];
}

/** GET /api/token-metadata/{mint} */
export interface TokenMetadata {
  symbol: string;
  name: string;
  icon: string | null;
  decimals: number;
  uri: string | null;
}
export interface TokenMetadataResponse extends ApiResult {
  data?: TokenMetadata;
}

/** The compression object of a DAS asset. */
export interface AssetCompression {
  compressed: boolean;
  tree: string;
  root?: string;
  data_hash: string;
  creator_hash: string;
  leaf_id: number;
}
export interface AssetOwnership {
  owner: string;
  delegate: string | null;
  delegated: boolean;
}
/** One NFT or cNFT of a wallet, as the indexer endpoints answer it. */
export interface WalletAsset {
  /** Asset id; for a regular NFT the mint. */
  id: string;
  mint: string;
  name: string;
  symbol?: string;
  image: string | null;
  /** Collection name; null when unknown (the UI shows 'Unknown Collection'). */
  collection: string | null;
  collectionAddress?: string | null;
  /** Regular NFTs: the owner's token account and the metadata account. */
  tokenAddress?: string | null;
  metadataAddress?: string | null;
  tokenProgram?: string;
  compressed: boolean;
  compression?: AssetCompression;
  ownership?: AssetOwnership;
}
/** GET /api/helius/wallet/nfts/{wallet} */
export interface WalletNftsResponse extends ApiResult {
  data?: { regularNfts: WalletAsset[]; compressedNfts: WalletAsset[] };
}
/** GET /api/helius/assets/{wallet} and GET /api/helius/cnfts/{wallet} */
export interface AssetListResponse extends ApiResult {
  data?: WalletAsset[];
}

/** POST /api/batch-burn-nft */
export interface BatchBurnNftItem {
  mint: string;
  tokenAccount: string;
  name: string;
}
export interface BatchBurnNftRequest {
  nfts: BatchBurnNftItem[];
  owner: string;
}
export interface BatchBurnNftResponse extends ApiResult {
  /** Set when too many NFTs were asked for. */
  maxBatchSize?: number;
  transaction?: string;
  /** All transactions when the NFTs do not fit one (DESIGN §3.6). */
  transactions?: string[];
  /** Lamports (integers), rent before the fee. */
  totalRentRecovered?: number;
  totalFee?: number;
  processedNFTs?: { mint: string; name?: string; tokenAccount?: string; rentLamports?: number; full?: boolean }[];
  skipped?: { mint: string; reason?: string; [key: string]: unknown }[];
}

// --- §7.4 cNFT data -------------------------------------------------------------------------------------------

export interface AssetProofData {
  proof: string[];
  root: string;
  tree_id: string;
  node_index?: number;
  leaf_id?: number;
  data_hash?: string;
  creator_hash?: string;
  /** Leaf hash. */
  leaf?: string;
}
/** GET /api/helius/asset-proof/{assetId}?t=<timestamp> */
export interface AssetProofResponse extends ApiResult {
  data?: AssetProofData;
}
/** GET /api/helius/asset/{assetId} */
export interface AssetResponse extends ApiResult {
  data?: {
    id: string;
    name?: string;
    image?: string | null;
    collection?: string | null;
    burnt?: boolean;
    /** `root` and `proof` are filled for a live compressed asset. */
    compression: Partial<AssetCompression> & { compressed: boolean; proof?: string[] };
    ownership?: AssetOwnership;
  };
}
/** GET /api/asset/diagnostic/{assetId} */
export interface AssetDiagnosticResponse extends ApiResult {
  details?: {
    id: string;
    name?: string;
    compressed: boolean;
    burnt: boolean;
    owner: string | null;
    delegate: string | null;
    proof: AssetProofData | null;
    /** Proof nodes a transfer must carry (tree depth − canopy); null when the tree is unknown. */
    proofNodesNeeded: number | null;
    rootsMatch: boolean | null;
    [key: string]: unknown;
  };
  compression?: { tree: string | null; leaf_id: number | null; root: string | null; tree_root: string | null };
}

// --- §7.5 cNFT trashing ---------------------------------------------------------------------------------------

/** POST /api/cnft/burn-request */
export interface CnftBurnRequest {
  assetId: string;
  ownerAddress: string;
  /** base64 signature of `authorizationMessages.burnRequest(assetId)`, or 'simulated-signature'. */
  signedMessage: string;
}
export interface CnftBurnResponse extends ApiResult {
  message?: string;
  signature?: string;
  explorerUrl?: string;
  isSimulated?: boolean;
  assetDetails?: { name: string; collection: string | null };
}

/** POST /api/cnft/delegate */
export interface CnftDelegateRequest {
  ownerAddress: string;
  assetId: string;
  delegatePublicKey: string;
}
export interface CnftDelegateResponse extends ApiResult {
  isSimulated?: boolean;
  message?: string;
  data?: {
    requiredProof: { proof: string[]; root: string };
    treeId: string;
    treeAuthority: string;
    delegate: string;
  };
  /** Unsigned Bubblegum delegate transaction for the owner to sign, base64. */
  transaction?: string;
}

/** POST /api/robust-transfer — a transaction signed in the browser (DESIGN §3.1); `privateKeyBase58` gets 400. */
export interface RobustTransferRequest {
  assetId: string;
  destinationAddress: string;
  signedTransaction: string;
}
export interface RobustTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** 202: submitted, confirmation timed out ('assumed success', spec §4.6); `message` says so. */
  pending?: boolean;
  message?: string;
}

/** POST /api/burn-cnft/{assetId} */
export interface BurnCnftRequest {
  cachedProofData: AssetProofData | null;
}
export interface BurnCnftResponse extends ApiResult {
  signature?: string;
  message?: string;
  isSimulated?: boolean;
  owner?: string;
  /** Unsigned Bubblegum burn for the leaf owner to sign (DESIGN §3.8), base64. */
  transaction?: string;
}

/** POST /api/queue/create */
export interface QueueAsset {
  assetId: string;
  name: string;
  image: string | null;
}
export interface QueueCreateRequest {
  ownerAddress: string;
  assets: QueueAsset[];
}
export interface QueueCreateResponse extends ApiResult {
  queueId?: string;
  /** The exact text to sign for /api/queue/authorize. */
  message?: string;
}
/** POST /api/queue/authorize — `signature`: base64 of the owner's signature of `authorizationMessages.queue(queueId)`. */
export interface QueueAuthorizeRequest {
  queueId: string;
  ownerAddress: string;
  signature: string;
}
export type QueueAuthorizeResponse = ApiResult;
/** GET /api/queue/status/{queueId} */
export interface QueueStatus {
  pending?: number;
  processing: number;
  completed: number;
  failed: number;
  isComplete: boolean;
  lastSignature: string | null;
  completedAssets: { assetId: string; name: string; signature: string }[];
  failedAssets: { assetId: string; name: string; error: string }[];
}
export interface QueueStatusResponse extends ApiResult {
  status?: QueueStatus;
}
/** POST /api/queue/cancel/{queueId} — the spec leaves the body open; we send the owner. */
export interface QueueCancelRequest {
  queueId: string;
  ownerAddress?: string;
}
export type QueueCancelResponse = ApiResult;

/** GET /api/delegate/info/{assetId} */
export interface DelegationInfo {
  delegated: boolean;
  delegate: string | null;
}
export interface DelegateInfoResponse extends ApiResult {
  /** `delegated` is true only when the asset is delegated to this server's delegate. */
  delegationInfo?: DelegationInfo;
  serverDelegate?: string | null;
  owner?: string;
}
/** GET /api/delegate/proof/{assetId} */
export interface DelegateProofResponse extends ApiResult {
  proofData?: AssetProofData;
}
/** POST /api/delegated-transfer */
export interface DelegatedTransferRequest {
  sender: string;
  assetId: string;
  /** base64 signature of `authorizationMessages.delegatedTransfer(assetId)`. */
  signedMessage: string;
  proofData: AssetProofData | null;
}
export interface DelegatedTransferResponse extends ApiResult {
  signature?: string;
  explorerUrl?: string;
  /** Submitted, confirmation timed out (spec §4.6 'assumed success'). */
  pending?: boolean;
  message?: string;
}

// --- local chain only (DESIGN §2) -----------------------------------------------------------------------------

/** POST /api/localnet/fund — 404 in upstream mode. */
export interface LocalnetFundRequest {
  owner: string;
  profile?: 'demo' | 'large';
}
export interface LocalnetFundResponse extends ApiResult {
  /** Every address the funding made (shape: backend/localnet FundManifest). */
  manifest?: Record<string, unknown>;
}

/** The exact texts the owner signs; the server verifies the signature over the same text (DESIGN §3.3). */
export const authorizationMessages = {
  queue: (queueId: string) => `Authorize cNFT queue transfer: ${queueId}`,
  burnRequest: (assetId: string) => `Authorize burning cNFT: ${assetId}`,
  delegatedTransfer: (assetId: string) => `Authorize delegated transfer of cNFT ${assetId} to the trash wallet`,
};
