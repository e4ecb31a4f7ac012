// The page's chain endpoints from /api/config (docs/PRODUCT.md#server-calls): the server's RPC proxy, absolute, plus the websocket on
// the same path; without a config, the public mainnet endpoint.
import { MAINNET_RPC_URL } from '../../../common/constants';

export interface ChainEndpoint {
  endpoint: string;
  wsEndpoint: string;
}

export function chainEndpoint(rpcUrl: string | undefined, pageUrl: string): ChainEndpoint {
  const endpoint = new URL(rpcUrl || MAINNET_RPC_URL, pageUrl).href;
  const ws = new URL(endpoint);
  ws.protocol = ws.protocol === 'https:' ? 'wss:' : 'ws:';
  return { endpoint, wsEndpoint: ws.href };
}
