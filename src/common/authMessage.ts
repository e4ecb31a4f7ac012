// The one definition of what an owner signs to authorise the server (PRODUCT difference 11), used by the page to
// build the text and by the server to parse and check it. The layout is Sign-In-With-Solana's, which follows
// EIP-4361 ("Sign-In with Ethereum"): the wallet's own SIWS support (Phantom checks the domain against the page)
// shows it as a sign-in request, and every field is a plain "Name: value" line a person can read.
//
//   {domain} wants you to sign in with your Solana account:
//   {address}
//
//   {statement}
//
//   URI: {uri}
//   Version: 1
//   Nonce: {nonce}
//   Issued At: {issuedAt, ISO 8601 UTC}
//   Expiration Time: {expirationTime, ISO 8601 UTC}
//   Request ID: {action}
//   Resources:
//   - queue:{queueId}
//   - asset:{assetId}
//
// Optional EIP-4361 fields we leave out: Chain ID (one server serves one cluster) and Not Before.
// The action rides in Request ID, and what it acts on in Resources, so the server compares both with the request.
import { SIGNED_MESSAGE_TTL_MS } from './constants';

export const AUTH_ACTIONS = ['queue-authorize', 'queue-cancel', 'delegated-transfer', 'burn-request'] as const;
export type AuthAction = (typeof AUTH_ACTIONS)[number];

export interface AuthMessage {
  domain: string;
  address: string;
  action: AuthAction;
  /** The page's own origin (scheme + host). */
  uri: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
  /** The queue this authorises (queue actions only). */
  queueId?: string;
  /** The asset ids it acts on, in the order given. */
  assetIds: string[];
}

const HEADER = ' wants you to sign in with your Solana account:';
const VERSION = '1';
const resourcesOf = (m: Pick<AuthMessage, 'queueId' | 'assetIds'>) => [
  ...(m.queueId ? [`queue:${m.queueId}`] : []),
  ...m.assetIds.map((id) => `asset:${id}`),
];
const plural = (n: number) => `${n} cNFT${n === 1 ? '' : 's'}`;

/** The human sentence for each action (ASCII, one line, as SIWS requires). */
export function statementFor(action: AuthAction, assetCount: number): string {
  switch (action) {
    case 'queue-authorize':
      return `Authorise SolBack's delegate to send these ${plural(assetCount)} from this wallet to the trash wallet (transfer queue).`;
    case 'queue-cancel':
      return `Cancel the SolBack transfer queue of these ${plural(assetCount)}.`;
    case 'delegated-transfer':
      return `Authorise SolBack's delegate to send this cNFT from this wallet to the trash wallet (delegated transfer).`;
    case 'burn-request':
      return `Ask SolBack to burn this cNFT (the server burns nothing; it answers how to burn it from the page).`;
  }
}

export function formatAuthMessage(m: AuthMessage): string {
  const resources = resourcesOf(m);
  return [
    `${m.domain}${HEADER}`,
    m.address,
    '',
    statementFor(m.action, m.assetIds.length),
    '',
    `URI: ${m.uri}`,
    `Version: ${VERSION}`,
    `Nonce: ${m.nonce}`,
    `Issued At: ${m.issuedAt}`,
    `Expiration Time: ${m.expirationTime}`,
    `Request ID: ${m.action}`,
    'Resources:',
    ...resources.map((r) => `- ${r}`),
  ].join('\n');
}

/**
 * The Sign In With Solana input whose message is exactly formatAuthMessage(m): a wallet's `solana:signIn` builds
 * this layout from these fields (@solana/wallet-standard-util createSignInMessageText, the SIWS reference), and the
 * page checks that it did before the server sees it.
 */
export function signInInputFor(m: AuthMessage) {
  return {
    domain: m.domain,
    address: m.address,
    statement: statementFor(m.action, m.assetIds.length),
    uri: m.uri,
    version: VERSION,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    expirationTime: m.expirationTime,
    requestId: m.action,
    resources: resourcesOf(m),
  };
}

export class AuthMessageFormatError extends Error {
  constructor(detail: string) {
    super(`Not a SolBack authorisation message: ${detail}`);
    this.name = 'AuthMessageFormatError';
  }
}

const DOMAIN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const NONCE = /^[A-Za-z0-9_-]{8,128}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const QUEUE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Reads a message back. Strict: the text must be exactly what formatAuthMessage makes of the fields it holds (the
 * statement included), so two texts that mean the same thing can never both be valid, and nothing rides along.
 */
export function parseAuthMessage(text: string): AuthMessage {
  const lines = text.split('\n');
  const fail = (why: string): never => {
    throw new AuthMessageFormatError(why);
  };
  if (lines.length < 12 || !lines[0].endsWith(HEADER)) fail('header');
  const field = (i: number, name: string) => {
    const prefix = `${name}: `;
    if (!lines[i]?.startsWith(prefix)) fail(name);
    return lines[i].slice(prefix.length);
  };
  const domain = lines[0].slice(0, -HEADER.length);
  const address = lines[1];
  const uri = field(5, 'URI');
  if (field(6, 'Version') !== VERSION) fail('Version');
  const nonce = field(7, 'Nonce');
  const issuedAt = field(8, 'Issued At');
  const expirationTime = field(9, 'Expiration Time');
  const action = field(10, 'Request ID') as AuthAction;
  if (lines[11] !== 'Resources:') fail('Resources');
  let queueId: string | undefined;
  const assetIds: string[] = [];
  for (const line of lines.slice(12)) {
    const m = /^- (queue|asset):(.+)$/.exec(line);
    if (!m) fail('resource');
    if (m![1] === 'queue') {
      if (queueId !== undefined || assetIds.length > 0 || !QUEUE_ID.test(m![2])) fail('queue resource');
      queueId = m![2];
    } else {
      if (!BASE58.test(m![2])) fail('asset resource');
      assetIds.push(m![2]);
    }
  }
  if (!DOMAIN.test(domain)) fail('domain');
  if (!BASE58.test(address)) fail('address');
  if (!AUTH_ACTIONS.includes(action)) fail('Request ID');
  if (!NONCE.test(nonce)) fail('Nonce');
  if (!ISO.test(issuedAt) || !ISO.test(expirationTime)) fail('time');
  const parsed: AuthMessage = { domain, address, action, uri, nonce, issuedAt, expirationTime, queueId, assetIds };
  if (formatAuthMessage(parsed) !== text) fail('layout');
  return parsed;
}

/** Issued-at and expiry for a nonce the server just issued: the expiry is at most SIGNED_MESSAGE_TTL_MS later. */
export function authTimes(now: number, ttlMs = SIGNED_MESSAGE_TTL_MS): { issuedAt: string; expirationTime: string } {
  return {
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + Math.min(ttlMs, SIGNED_MESSAGE_TTL_MS)).toISOString(),
  };
}
