// docs/PRODUCT.md#server-calls GET /api/config: the public settings the page starts from.
import type { ApiResult } from './result';

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
  /** The server's fixed cNFT delegate address; null when the server has no delegate key (upstream, DELEGATE_KEYPAIR unset). */
  delegate: string | null;
  /** PUBLIC_SECOND_READER: the public RPC the page reads beside this server unless its user turns it off; null: none. */
  publicSecondReader: string | null;
}
