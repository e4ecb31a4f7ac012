// Shared by the rent-estimate and vacant-account HTTP tests: a real app on the local chain, funded wallets, and
// lamport reads straight from the chain (never from the app's own answers).
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { SolbackApp } from '../../backend/app';
import { startLocalChainServer } from './localChainServer';
export { networkFee } from '../support/networkFee';

export interface Harness {
  solback: SolbackApp;
  url: string;
  connection: Connection;
  post(route: string, body: unknown): Promise<{ status: number; body: any }>;
  get(route: string): Promise<{ status: number; body: any }>;
  fund(profile?: 'demo' | 'large'): Promise<{ owner: Keypair; manifest: any }>;
  lamportsOf(addresses: string[]): Promise<number[]>;
  close(): Promise<void>;
}

/** `settings`: more of the README's settings (e.g. LOCALNET_SLOT_MS), as the environment would give them. */
export async function startHarness(settings: Record<string, string> = {}): Promise<Harness> {
  const server = await startLocalChainServer({}, settings);
  const { solback, url, connection, api: post } = server;
  const get = async (route: string) => {
    const res = await fetch(`${url}/api/${route}`);
    return { status: res.status, body: await res.json() };
  };
  const lamportsOf = async (addresses: string[]) => {
    const out: number[] = [];
    for (let i = 0; i < addresses.length; i += 100) {
      const infos = await connection.getMultipleAccountsInfo(addresses.slice(i, i + 100).map((a) => new PublicKey(a)));
      out.push(...infos.map((a) => a?.lamports ?? 0));
    }
    return out;
  };
  // The fee wallet must exist for a fee transfer below its rent-exempt minimum to succeed; on a real cluster it does.
  const feeWallet = solback.config.feeWallet;
  if ((await connection.getBalance(new PublicKey(feeWallet))) === 0) await post('localnet/fund', { owner: feeWallet });
  return {
    solback,
    url,
    connection,
    post,
    get,
    lamportsOf,
    async fund(profile = 'demo') {
      const owner = Keypair.generate();
      const { status, body } = await post('localnet/fund', { owner: owner.publicKey.toBase58(), profile });
      if (status !== 200) throw new Error(`fund failed: ${status} ${JSON.stringify(body)}`);
      return { owner, manifest: body.manifest };
    },
    close: () => server.close(),
  };
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export const fromBase64 = (b64: string) => Transaction.from(Buffer.from(b64, 'base64'));
export const toBase64 = (tx: Transaction) => tx.serialize().toString('base64');
