// Checks made before anything is built or signed.
import { VACANT_ERRORS } from './vacantTexts';

// docs/PRODUCT.md#validation Validation
export const VALIDATION = {
  connectWalletFirst: 'Please connect your wallet first',
  walletRequiredTokens: 'Wallet connection required for burning tokens',
  walletRequiredNfts: 'Wallet connection required for burning NFTs', // spec: '... for burning NFTs'
  nftTokenAccountMissing: 'Could not find the token account for this NFT',
  noValidNfts: 'No valid NFTs found to burn',
  selectFewerAssets: 'Please select fewer assets to burn them in a single transaction',
  noVacantAccounts: VACANT_ERRORS.noneFound,
  invalidPrivateKeyFormat: 'Invalid private key format',
  walletNotConnected: 'Wallet not connected',
  noAssetsSelected: 'No assets selected for transfer',
  signingMethodUnsupported: 'Your wallet does not support the required signing method',
  assetIdRequired: 'Asset ID is required',
  walletRequiredSigning: 'Wallet connection required for signing',
} as const;
export const batchLimitFromServer = (error: string, n: number): string => `${error} Please select ${n} or fewer NFTs.`;
export const invalidPrivateKey = (reason: string): string => `Invalid private key: ${reason}`;
