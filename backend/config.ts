import path from 'path';
import { z } from 'zod';
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from '../src/common/addresses';
import { secondReaderOrigin } from '../src/common/secondReader';
import { base58Address } from './routes/schemas';
import { PACKAGE_ROOT } from './packageRoot';

/** Config.confirmTimeoutMs unless set: web3.js's own wait for a signature. */
export const DEFAULT_CONFIRM_TIMEOUT_MS = 60_000;

export interface Config {
  port: number;
  mode: 'local' | 'upstream';
  solanaRpcUrl?: string;
  dasUrl?: string;
  trashWallet: string;
  feeWallet: string;
  delegateKeypairPath?: string;
  dataDir: string;
  solscanApiKey?: string;
  logLevel: string;
  /** Folder served under /static; `<staticDir>/dist/index.html` is the page. Tests point it at a temp folder. */
  staticDir: string;
  /** Keep the local chain in memory only (tests); default false = persisted under dataDir. */
  memoryOnly: boolean;
  /** Requests per minute per client address on /api (RATE_LIMIT_PER_MINUTE, default 600; 0 = off). */
  rateLimitPerMinute: number;
  /** The same for /api/rpc, which wallets poll (RPC_RATE_LIMIT_PER_MINUTE, default 3000; 0 = off). */
  rpcRateLimitPerMinute: number;
  /** LOCALNET_LAMPORTS_PER_BYTE: the local chain's rent per byte after funding; unset = saved in dataDir, else mainnet's. */
  localnetLamportsPerByte?: number;
  /** RELAYER_KEYPAIR: pays network fees for wallets with no SOL (local default `<dataDir>/relayer-keypair.json`). */
  relayerKeypairPath?: string;
  /** RELAYER_PER_CLIENT_PER_DAY (default 20) and RELAYER_DAILY_CAP (default 1000): relayed transactions. */
  relayerPerClientPerDay?: number;
  relayerPerDay?: number;
  /** Upstream mode: how long one JSON-RPC call to the provider may take (UPSTREAM_TIMEOUT_MS, default 30 000). */
  upstreamTimeoutMs: number;
  /** Upstream mode: DAS pages of 1000 read per wallet before a listing is cut short with a note (DAS_MAX_PAGES, 200). */
  dasMaxPages: number;
  /** First back-off after a provider's rate limit, doubled each retry (tests shorten it; no env var). */
  upstreamRetryBaseMs: number;
  /**
   * How long a flow that sends waits for the confirmation before it answers "sent, not confirmed in time" (60 000,
   * web3.js's own wait for a signature): the vacant submit and the robust transfer; the delegated transfer waits 25 s,
   * or this when shorter. Tests shorten it; no env var.
   */
  confirmTimeoutMs: number;
  /** Local chain: getRecentPrioritizationFees never reports less (LOCALNET_PRIORITY_FEE_FLOOR µlamports/CU, 0). */
  localnetPriorityFeeFloor: number;
  /** Local chain: a new slot every LOCALNET_SLOT_MS (400, as on a cluster; blockhashes live 150 slots). 0 = slots move
   * only with transactions (then a lone transaction stays `processed`). */
  localnetSlotMs: number;
  /** REDIS_URL: several server processes share the queue, rate limits, nonces and GET sharing through it. */
  redisUrl?: string;
  /** Websocket origins accepted besides the page's own (ALLOWED_ORIGINS, comma-separated); also domains of signed messages. */
  allowedOrigins: string[];
  /** PUBLIC_ORIGIN: the one origin the page is served from (e.g. `https://solback.example`); it, with ALLOWED_ORIGINS,
   * decides the domains a signed authorisation may name. Unset: the host the server listens on (below). */
  publicOrigin?: string;
  /** Hosts this process listens as (`localhost:<port>`, `127.0.0.1:<port>`, `[::1]:<port>`), filled by listen(). */
  listeningHosts: string[];
  /** Whose X-Forwarded-* is read (TRUST_PROXY): off by default; a hop count or a list of proxy addresses. */
  trustProxy: TrustProxy;
  /** Fault hooks of the local chain (LOCALNET_FAULTS=1; tests only, loopback only). */
  localnetFaults: boolean;
  /** The image proxy (GET /api/image): largest picture (IMAGE_MAX_BYTES), fetch time limit (IMAGE_TIMEOUT_MS),
   * memory for pictures (IMAGE_CACHE_MB), pictures per client per minute (IMAGE_RATE_LIMIT_PER_MINUTE, 0 = off). */
  imageMaxBytes: number;
  imageTimeoutMs: number;
  imageCacheBytes: number;
  imageRateLimitPerMinute: number;
  /** Picture fetches at once from one host (IMAGE_FETCHES_PER_HOST) and for one client (IMAGE_FETCHES_PER_CLIENT). */
  /** AUTH_NONCES_PER_CLIENT: unused sign-in nonces one client (IPv4 address or IPv6 /64) may hold. */
  authNoncesPerClient: number;
  imageFetchesPerHost: number;
  imageFetchesPerClient: number;
  /**
   * TESTS ONLY, no env var: exact addresses the image proxy may reach though not public (a test's picture
   * server on 127.0.0.1). Unset everywhere else, so loopback and private addresses stay refused.
   */
  testOnlyFetchAddresses?: string[];
  /** METRICS_PORT: Prometheus metrics served on this port only (unset = off), bound to METRICS_HOST (127.0.0.1). */
  metricsPort?: number;
  metricsHost: string;
  /**
   * PUBLIC_SECOND_READER (upstream mode): a public RPC address the page reads beside this server to check what it is
   * about to sign, unless its user turns it off (PRODUCT difference 10); `connect-src` allows its origin. Unset: the
   * page checks against this server alone unless its user names a reader, and says so.
   */
  publicSecondReader?: string;
  /** SHUTDOWN_GRACE_MS (default 25 000): how long in-flight requests may finish after SIGTERM before they are cut. */
  shutdownGraceMs: number;
  /** How old the last upstream answer may be before /readyz asks the provider itself (tests shorten it; no env var). */
  readyFreshMs: number;
  /**
   * /.well-known/security.txt (RFC 9116) and the /safety page: SECURITY_CONTACT (a mailto:, https: or tel: URI;
   * default mailto:security@ the public host), SECURITY_TXT_EXPIRES (an ISO 8601 date; default 180 days after the
   * server started, so the file never goes stale) and SOURCE_URL (where the open-source guard can be read; unset: the
   * page names its files only).
   */
  securityContact?: string;
  securityTxtExpires?: string;
  sourceUrl?: string;
}

export type TrustProxy = { kind: 'off' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** TRUST_PROXY: unset/0/false → off; a number → that many hops; else a comma-separated list of proxy addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (!v || v === '0' || v.toLowerCase() === 'false') return { kind: 'off' };
  if (/^\d+$/.test(v)) return { kind: 'hops', hops: Number(v) };
  if (v.toLowerCase() === 'true') return { kind: 'hops', hops: 1 };
  return {
    kind: 'addresses',
    addresses: v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  };
}

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional());

const EnvSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  SOLANA_RPC_URL: optionalUrl,
  DAS_URL: optionalUrl,
  TRASH_WALLET: z.preprocess(emptyToUndefined, base58Address.default(LOCAL_DEFAULT_TRASH_WALLET)),
  FEE_WALLET: z.preprocess(emptyToUndefined, base58Address.default(LOCAL_DEFAULT_FEE_WALLET)),
  DELEGATE_KEYPAIR: optionalString,
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  SOLSCAN_API_KEY: optionalString,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STATIC_DIR: optionalString,
  RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(600)),
  RPC_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(3000)),
  ALLOWED_ORIGINS: optionalString,
  PUBLIC_ORIGIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine((u) => /^https?:\/\/[^/]+\/?$/.test(u), 'PUBLIC_ORIGIN must be an origin, e.g. https://solback.example')
      .optional(),
  ),
  TRUST_PROXY: optionalString,
  PUBLIC_SECOND_READER: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https$/ })
      .refine(
        (u) => secondReaderOrigin(u) !== null,
        'PUBLIC_SECOND_READER must be https://, without a user name or password',
      )
      .optional(),
  ),
  LOCALNET_FAULTS: optionalString,
  LOCALNET_LAMPORTS_PER_BYTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).optional()),
  RELAYER_KEYPAIR: optionalString,
  RELAYER_PER_CLIENT_PER_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  RELAYER_DAILY_CAP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
  UPSTREAM_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  LOCALNET_SLOT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60_000).default(400)),
  LOCALNET_PRIORITY_FEE_FLOOR: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000_000).default(0),
  ),
  DAS_MAX_PAGES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(200)),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  IMAGE_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1024).max(100_000_000).default(5_242_880),
  ),
  IMAGE_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(60_000).default(8000)),
  IMAGE_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(16_384).default(64)),
  IMAGE_RATE_LIMIT_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(1200)),
  AUTH_NONCES_PER_CLIENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(30)),
  IMAGE_FETCHES_PER_HOST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).default(4)),
  IMAGE_FETCHES_PER_CLIENT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(16).default(8)),
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  SHUTDOWN_GRACE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(600_000).default(25_000)),
  SECURITY_CONTACT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[0-9-]+)$/,
        'SECURITY_CONTACT must be a mailto:, https: or tel: URI',
      )
      .optional(),
  ),
  SECURITY_TXT_EXPIRES: z.preprocess(emptyToUndefined, z.iso.datetime({ offset: true }).optional()),
  SOURCE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https$/ }).optional()),
});

/** Reads the settings from an environment (process.env by default). Throws a readable error on a bad value. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const mode = e.SOLANA_RPC_URL ? 'upstream' : 'local';
  // A public reader would disagree with the local chain about every account, so every action would be refused.
  if (e.PUBLIC_SECOND_READER && mode === 'local')
    throw new Error('Invalid configuration:\n  PUBLIC_SECOND_READER: only in upstream mode (with SOLANA_RPC_URL)');
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  const config: Config = {
    port: e.PORT,
    mode,
    solanaRpcUrl: e.SOLANA_RPC_URL,
    // A DAS-capable RPC (e.g. Helius) answers both; without DAS_URL we ask the RPC itself.
    dasUrl: e.DAS_URL ?? e.SOLANA_RPC_URL,
    trashWallet: e.TRASH_WALLET,
    feeWallet: e.FEE_WALLET,
    delegateKeypairPath: e.DELEGATE_KEYPAIR
      ? path.resolve(e.DELEGATE_KEYPAIR)
      : mode === 'local'
        ? path.join(dataDir, 'delegate-keypair.json')
        : undefined,
    dataDir,
    solscanApiKey: e.SOLSCAN_API_KEY,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR ?? path.join(PACKAGE_ROOT, 'static')),
    memoryOnly: false,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    rpcRateLimitPerMinute: e.RPC_RATE_LIMIT_PER_MINUTE,
    allowedOrigins: (e.ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    publicSecondReader: e.PUBLIC_SECOND_READER,
    listeningHosts: [],
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    localnetFaults: e.LOCALNET_FAULTS === '1',
    localnetLamportsPerByte: e.LOCALNET_LAMPORTS_PER_BYTE,
    relayerKeypairPath: e.RELAYER_KEYPAIR ? path.resolve(e.RELAYER_KEYPAIR) : undefined,
    relayerPerClientPerDay: e.RELAYER_PER_CLIENT_PER_DAY,
    relayerPerDay: e.RELAYER_DAILY_CAP,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    dasMaxPages: e.DAS_MAX_PAGES,
    upstreamRetryBaseMs: 250,
    confirmTimeoutMs: DEFAULT_CONFIRM_TIMEOUT_MS,
    localnetPriorityFeeFloor: e.LOCALNET_PRIORITY_FEE_FLOOR,
    localnetSlotMs: e.LOCALNET_SLOT_MS,
    redisUrl: e.REDIS_URL,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    imageTimeoutMs: e.IMAGE_TIMEOUT_MS,
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    imageRateLimitPerMinute: e.IMAGE_RATE_LIMIT_PER_MINUTE,
    authNoncesPerClient: e.AUTH_NONCES_PER_CLIENT,
    imageFetchesPerHost: e.IMAGE_FETCHES_PER_HOST,
    imageFetchesPerClient: e.IMAGE_FETCHES_PER_CLIENT,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    readyFreshMs: 10_000,
    securityContact: e.SECURITY_CONTACT,
    securityTxtExpires: e.SECURITY_TXT_EXPIRES,
    sourceUrl: e.SOURCE_URL,
    ...overrides,
  };
  if (overrides.dataDir && !overrides.delegateKeypairPath && !e.DELEGATE_KEYPAIR && config.mode === 'local') {
    config.delegateKeypairPath = path.join(config.dataDir, 'delegate-keypair.json');
  }
  return config;
}
