// Signed authorisations for tests (PRODUCT difference 11): a real nonce from the server under test, the message
// built by the shared definition, signed by a keypair — as a message (ed25519 over the text) or, as a wallet
// without signMessage does (PRODUCT difference 11), inside the memo of a never-sent legacy transaction.
import nacl from 'tweetnacl';
import type { Keypair } from '@solana/web3.js';
import { formatAuthMessage, type AuthAction } from '../../src/common/authMessage';
import { buildMemoAuthorization } from '../../src/chain/memoAuthorization';

export interface AuthRequest {
  action: AuthAction;
  queueId?: string;
  assetIds: string[];
}
export interface AuthOptions {
  /** Sign inside a memo transaction instead of signing the text. */
  memo?: boolean;
  /** Override fields of the message (a wrong domain, an expired time, another nonce...). */
  fields?: Partial<Parameters<typeof formatAuthMessage>[0]>;
  /** Sign with this key instead of the wallet's own (the message still names `kp`). */
  signer?: Keypair;
}
export interface SignedBody {
  message: string;
  signature?: string;
  signedTransaction?: string;
}

export async function fetchNonce(url: string): Promise<{ nonce: string; issuedAt: string; expirationTime: string }> {
  const res = await fetch(`${url}/api/auth/nonce`);
  const json = await res.json();
  if (!json.success) throw new Error(`nonce: ${res.status} ${json.error}`);
  return json;
}

export function signMessageText(kp: Keypair, message: string): string {
  return Buffer.from(nacl.sign.detached(new TextEncoder().encode(message), kp.secretKey)).toString('base64');
}

export async function signedAuth(
  url: string,
  kp: Keypair,
  req: AuthRequest,
  opts: AuthOptions = {},
): Promise<SignedBody> {
  const origin = new URL(url);
  const { nonce, issuedAt, expirationTime } = await fetchNonce(url);
  const fields = {
    domain: origin.host,
    address: kp.publicKey.toBase58(),
    uri: origin.origin,
    nonce,
    issuedAt,
    expirationTime,
    ...req,
    ...opts.fields,
  };
  const message = formatAuthMessage(fields);
  const signer = opts.signer ?? kp;
  if (!opts.memo) return { message, signature: signMessageText(signer, message) };
  const tx = buildMemoAuthorization(kp.publicKey.toBase58(), message, fields.nonce);
  tx.sign(signer);
  return { message, signedTransaction: tx.serialize({ requireAllSignatures: false }).toString('base64') };
}

/** GET a queue's status with the owner's access token (or none). */
export async function queueStatus(url: string, queueId: string, token?: string) {
  const res = await fetch(`${url}/api/queue/status/${queueId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: await res.json() };
}
