// Every route that reads the chain or the indexer, against a stand-in provider replaying recorded public answers,
// in each way a provider fails: the status fits the failure (429, 502, 503, 504), the text is the route's own (the
// spec's where it gives one), never a 500 and never a 4xx that blames the user.
import { startServer, type TestServer } from './helpers';
import { FAULT_MODES, startReplayUpstream, type ReplayUpstream, type UpstreamMode } from '../support/replayUpstream';
import { TOKEN_SERVICE_UNAVAILABLE } from '../../backend/routes/wallet-tokens';
import { RENT_ESTIMATE_UNAVAILABLE } from '../../backend/routes/rent-estimate';
import { ASSET_SERVICE_UNAVAILABLE } from '../../backend/services/nft/cnftData';
import { REQUEST_TIMED_OUT, UPSTREAM_UNAVAILABLE } from '../../backend/services/rpc/upstreamFaults';
import { RATE_LIMITED } from '../../src/common/texts';

const OWNER = 'A1TMhSGzQxMr1TboBKtgixKz1sS6REASMxPo1qsyTSJd'; // Solana docs' getTokenAccountsByOwner example
const DAS_OWNER = 'GqPnSDXwp4JFtKS7YZ2HERgBbYLKpKVYy9TpVunzLRa9'; // Metaplex indexer snapshot's owner
const MAD_LAD = 'AH6wj7T8Ke5nbukjtcobjjs1CDWUcQxndtnLkKAdrSrM';
const PROOF_ASSET = 'Bu1DEKeawy7txbnCEJE4BU3BKLXaNAKCYcHR4XhndGss';
const AAPLX = 'XsbEhLAtcf6HdfpFZ5xEMdqW8nfAvcsP5bdudRLJzJp';

interface RouteCase {
  name: string;
  call: (s: TestServer) => ReturnType<TestServer['get']>;
  unavailable: string;
}

export const ROUTES: RouteCase[] = [
  {
    name: 'GET /api/wallet-tokens',
    call: (s) => s.get(`/api/wallet-tokens/${OWNER}`),
    unavailable: TOKEN_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/rent-estimate',
    call: (s) => s.get(`/api/rent-estimate/${OWNER}?useAccurateCalculator=true`),
    unavailable: RENT_ESTIMATE_UNAVAILABLE,
  },
  {
    name: 'GET /api/token-metadata',
    call: (s) => s.get(`/api/token-metadata/${AAPLX}`),
    unavailable: 'Token metadata temporarily unavailable',
  },
  {
    name: 'GET /api/helius/wallet/nfts',
    call: (s) => s.get(`/api/helius/wallet/nfts/${DAS_OWNER}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/helius/assets',
    call: (s) => s.get(`/api/helius/assets/${DAS_OWNER}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/helius/cnfts',
    call: (s) => s.get(`/api/helius/cnfts/${DAS_OWNER}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/helius/asset',
    call: (s) => s.get(`/api/helius/asset/${MAD_LAD}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/helius/asset-proof',
    call: (s) => s.get(`/api/helius/asset-proof/${PROOF_ASSET}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/asset/diagnostic',
    call: (s) => s.get(`/api/asset/diagnostic/${PROOF_ASSET}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/delegate/info',
    call: (s) => s.get(`/api/delegate/info/${PROOF_ASSET}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'GET /api/delegate/proof',
    call: (s) => s.get(`/api/delegate/proof/${PROOF_ASSET}`),
    unavailable: ASSET_SERVICE_UNAVAILABLE,
  },
  {
    name: 'POST /api/burn-vacant-accounts',
    call: (s) => s.post('/api/burn-vacant-accounts', { ownerAddress: OWNER, signedMessage: 'placeholder' }),
    unavailable: UPSTREAM_UNAVAILABLE,
  },
  {
    name: 'POST /api/prepare-burn-transactions',
    call: (s) => s.post('/api/prepare-burn-transactions', { ownerAddress: OWNER }),
    unavailable: UPSTREAM_UNAVAILABLE,
  },
  {
    name: 'POST /api/batch-burn-nft',
    call: (s) =>
      s.post('/api/batch-burn-nft', {
        owner: DAS_OWNER,
        nfts: [{ mint: MAD_LAD, tokenAccount: '3crBqZZsHhoLphM55MG4KRW6SbNzFEBFnehw7PW7ZRKt', name: 'Mad Lads #1983' }],
      }),
    unavailable: UPSTREAM_UNAVAILABLE,
  },
];

/** The answer each failure deserves: [status, text]. */
function expected(mode: UpstreamMode, route: RouteCase): [number, string] {
  switch (mode) {
    case 'slow':
      return [504, REQUEST_TIMED_OUT];
    case 'http429':
    case 'rateLimitJson':
      return [429, RATE_LIMITED];
    case 'auth401':
    case 'auth32001':
      return [502, route.unavailable];
    default:
      return [503, route.unavailable];
  }
}

describe('routes against a replayed provider in every failure mode', () => {
  let up: ReplayUpstream;
  let s: TestServer;
  const table: string[] = [];

  beforeAll(async () => {
    up = await startReplayUpstream();
    up.slowMs = 3000; // well past the time-out below, which is generous so a loaded machine never times out a normal answer
    s = await startServer(
      { SOLANA_RPC_URL: up.url, DAS_URL: up.url, UPSTREAM_TIMEOUT_MS: '1200' },
      { overrides: { upstreamRetryBaseMs: 5 } },
    );
  });
  afterAll(async () => {
    await s?.close();
    await up?.close();
    console.log(`upstream faults (route × mode → status):\n${table.join('\n')}`);
  });

  it('answers the same with batches refused as with batches accepted (routes never depend on batching)', async () => {
    const answers = async (mode: UpstreamMode) => {
      up.mode = mode;
      const out: [string, number, unknown][] = [];
      for (const route of ROUTES) {
        const r = await route.call(s);
        out.push([route.name, r.status, r.json?.success]);
      }
      return out;
    };
    const normal = await answers('normal');
    expect(await answers('batchRefused')).toEqual(normal);
    // The recorded wallets are readable: every route answers, none with a 5xx.
    expect(normal.filter(([, status]) => status >= 500)).toEqual([]);
    table.push(`normal: ${normal.map(([, st]) => st).join(' ')}`);
  });

  for (const mode of FAULT_MODES) {
    it(`answers ${mode} with the route's text and a fitting status`, async () => {
      up.mode = mode;
      const row: string[] = [];
      for (const route of ROUTES) {
        const r = await route.call(s);
        const [status, text] = expected(mode, route);
        expect({ route: route.name, status: r.status, body: r.json }).toEqual({
          route: route.name,
          status,
          body: { success: false, error: text },
        });
        expect(r.text).not.toContain('REPLAY');
        row.push(String(r.status));
      }
      table.push(`${mode}: ${row.join(' ')}`);
    });
  }
});
