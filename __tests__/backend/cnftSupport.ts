// Shared helpers for the cNFT trash tests: a funded demo owner, signing texts, sending transactions.
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { Keypair, Transaction, type VersionedTransaction } from '@solana/web3.js';
import type { TestServer } from './helpers';

export interface FundedCnft {
  assetId: string;
  tree: string;
  leafIndex: number;
  name: string;
  image: string;
  delegate: string | null;
}

export async function fundOwner(server: TestServer): Promise<{ owner: Keypair; cnfts: FundedCnft[] }> {
  const owner = Keypair.generate();
  const res = await server.post('/api/localnet/fund', { owner: owner.publicKey.toBase58() });
  if (res.status !== 200) throw new Error(`fund failed: ${res.text}`);
  return { owner, cnfts: res.json.manifest.cnfts as FundedCnft[] };
}

export const signText = (kp: Keypair, text: string): string =>
  Buffer.from(nacl.sign.detached(new TextEncoder().encode(text), kp.secretKey)).toString('base64');

export const forgedSignature = (text: string): string => signText(Keypair.generate(), text);

/** Signs a server-built (unsigned, base64) transaction with `kp` and sends it through the server's connection. */
export async function signAndSend(server: TestServer, base64: string, kp: Keypair): Promise<string> {
  const tx = Transaction.from(Buffer.from(base64, 'base64'));
  const { blockhash, lastValidBlockHeight } = await server.solback.connection.getLatestBlockhash('confirmed');
  tx.recentBlockhash = blockhash;
  tx.sign(kp);
  return sendRaw(server, tx.serialize(), blockhash, lastValidBlockHeight);
}

export async function sendRaw(
  server: TestServer,
  raw: Uint8Array,
  blockhash: string,
  lastValidBlockHeight: number,
): Promise<string> {
  const signature = await server.solback.connection.sendRawTransaction(raw, { preflightCommitment: 'confirmed' });
  const { value } = await server.solback.connection.confirmTransaction(
    { signature, blockhash, lastValidBlockHeight },
    'confirmed',
  );
  if (value.err) throw new Error(`transaction failed: ${JSON.stringify(value.err)}`);
  return signature;
}

export async function ownerOf(
  server: TestServer,
  assetId: string,
): Promise<{ owner: string; delegate: string | null; burnt: boolean }> {
  const a = await server.solback.das.call<any>('getAsset', { id: assetId });
  return { owner: a.ownership.owner, delegate: a.ownership.delegate ?? null, burnt: !!a.burnt };
}

export function signatureOf(tx: Transaction | VersionedTransaction): string {
  return bs58.encode(tx instanceof Transaction ? tx.signature! : tx.signatures[0]);
}
