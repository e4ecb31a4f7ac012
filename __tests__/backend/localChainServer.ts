// The one way a test starts a real app on its local chain: HTTP on port 0 (helpers.startServer, temp folders), a
// Connection to its /api/rpc with the websocket for confirmations, `api`/`read` for POST/GET /api/<route>, lamports
// read straight from the chain (never from the app's own answers) and wallets funded by a profile. `env`: more
// settings as the environment would give them (e.g. LOCALNET_SLOT_MS).
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import type { Config } from '../../backend/config';
import { lamportsOf } from '../support/lamports';
import { startServer, type TestServer } from './helpers';

type Answer = { status: number; body: any };

export interface LocalChainServer extends TestServer {
  connection: Connection;
  /** POST /api/<route> with a JSON body: the status and the parsed answer. */
  api(route: string, body: unknown): Promise<Answer>;
  /** GET /api/<route>: the status and the parsed answer. */
  read(route: string): Promise<Answer>;
  /** Lamports of each address as the chain holds them (0 for a missing account). */
  lamportsOf(addresses: string[]): Promise<number[]>;
  /** A new wallet funded with a profile (POST /api/localnet/fund) and what the profile made. */
  fund(profile?: 'demo' | 'large'): Promise<{ owner: Keypair; manifest: any }>;
}

export interface LocalChainOptions {
  /** Fund the fee wallet, as it exists on a real cluster (else a fee below its rent-exempt minimum is waived). */
  fundFeeWallet?: boolean;
}

export async function startLocalChainServer(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: LocalChainOptions = {},
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
  const read = async (route: string) => {
    const res = await server.get(`/api/${route}`);
    return { status: res.status, body: res.json };
  };
  const fund = async (profile: 'demo' | 'large' = 'demo') => {
    const owner = Keypair.generate();
    const { status, body } = await api('localnet/fund', { owner: owner.publicKey.toBase58(), profile });
    if (status !== 200) throw new Error(`fund failed: ${status} ${JSON.stringify(body)}`);
    return { owner, manifest: body.manifest };
  };
  const feeWallet = new PublicKey(server.solback.config.feeWallet);
  if (options.fundFeeWallet && (await connection.getBalance(feeWallet)) === 0)
    await api('localnet/fund', { owner: feeWallet.toBase58() });
  return { ...server, connection, api, read, lamportsOf: (addresses) => lamportsOf(connection, addresses), fund };
}
