// The local chain only (404 in upstream mode): fund a wallet with demo assets.
import { z } from 'zod';
import { walletAddress } from './fields';
import type { ApiResult } from './result';

/** POST /api/localnet/fund — 404 in upstream mode. */
export const localnetFundRequest = z.strictObject({
  owner: walletAddress,
  profile: z.enum(['demo', 'large', 'collector']).optional(),
});
export type LocalnetFundRequest = z.input<typeof localnetFundRequest>;
/**
 * The manifest's common head. The full manifest lists every address the funding made (tokens, NFTs, cNFTs, empty
 * and frozen accounts); its shape is `FundManifest` in backend/localnet/fund/manifest.ts, which tests read.
 */
export interface LocalnetFundManifest {
  owner: string;
  profile: 'demo' | 'large' | 'collector';
  /** SOL airdropped to the owner, lamports. */
  lamports: number;
}
export interface LocalnetFundResponse extends ApiResult {
  manifest?: LocalnetFundManifest;
}
