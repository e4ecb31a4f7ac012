// A real app on its local chain for tests that move lamports: HTTP on port 0 (helpers.startServer, temp folders),
// a Connection to its /api/rpc with the websocket for confirmations, and `api` for POST /api/<route>. `env`: more
// settings as the environment would give them (e.g. LOCALNET_SLOT_MS).
import { Connection } from '@solana/web3.js';
import type { Config } from '../../backend/config';
import { startServer, type TestServer } from './helpers';

export interface LocalChainServer extends TestServer {
  connection: Connection;
  /** POST /api/<route> with a JSON body: the status and the parsed answer. */
  api(route: string, body: unknown): Promise<{ status: number; body: any }>;
}

export async function startLocalChainServer(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<LocalChainServer> {
  const server = await startServer(env, { overrides });
  const connection = new Connection(`${server.url}/api/rpc`, {
    commitment: 'confirmed',
    wsEndpoint: `${server.url.replace('http', 'ws')}/api/rpc`,
  });
  const api = async (route: string, body: unknown) => {
    const res = await server.post(`/api/${route}`, body);
    return { status: res.status, body: res.json };
  };
  return { ...server, connection, api };
}
