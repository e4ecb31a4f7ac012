// Sends a transaction signed by local keys straight into the Chain (funding uses real instructions where cheap).
import { PublicKey, Transaction, type Keypair, type TransactionInstruction } from '@solana/web3.js';
import type { Chain } from '../chain';

export function sendLocal(chain: Chain, ixs: TransactionInstruction[], signers: Keypair[]): string {
  const tx = new Transaction({ feePayer: signers[0].publicKey, recentBlockhash: chain.latestBlockhash().blockhash });
  tx.add(...ixs);
  tx.sign(...signers);
  const r = chain.send(tx.serialize());
  if (r.err) throw new Error(`local funding transaction failed: ${JSON.stringify(r.err)}\n${r.logs.join('\n')}`);
  return r.signature;
}

export const pk = (s: string) => new PublicKey(s);
