// A print edition's master lookups against providers that refuse them (docs/UPSTREAM.md, "Print editions"), over
// real HTTP: the app in upstream mode, its Solana RPC and DAS a stand-in in front of the local chain that refuses the
// chosen calls with the recorded answers. A refused lookup is "not checked on this provider" — in the estimate
// (`printEditionsScan: 'refused'`, the print in none of the figures) and in the burn (`skipped`) — never a 5xx;
// a DAS that answers names the holder with no holder scan at all.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair } from '@solana/web3.js';
import { PRINT_MASTER_NOT_CHECKED } from '../../src/chain/nftBurnKinds';
import { TOKEN_PROGRAM } from '../../src/common/addresses';
import type { KindsManifest, NftEntry } from '../../backend/localnet/metaplex';
import { createLocalnet, type Localnet } from '../../backend/localnet';
import { fixture } from '../support/replayUpstream';
import { startRpcServer, type RpcServer } from './localnet/rpcServer';
import { startServer, type TestServer } from './helpers';

const refusals = fixture('solana/getProgramAccounts-refusals.json');
const noDas = fixture('das/getTokenAccounts.json').noDas.error;

type Req = { jsonrpc: string; id: unknown; method: string; params?: any };
/** Which calls the stand-in refuses, as the providers answer them; everything else goes to the local chain. */
type Refuse = { tokenScans?: boolean; holderScan?: boolean; largest?: boolean; das?: boolean };

let localnet: Localnet;
let chainRpc: RpcServer;
let proxy: http.Server;
let app: TestServer;
let refuse: Refuse = {};
const seen: Req[] = [];

function refusalOf(r: Req): object | null {
  const tokenScan = r.method === 'getProgramAccounts' && r.params?.[0] === TOKEN_PROGRAM;
  const holderScan = tokenScan && r.params?.[1]?.filters?.some((f: { dataSize?: number }) => f.dataSize === 165);
  if ((tokenScan && refuse.tokenScans) || (holderScan && refuse.holderScan))
    return refusals.excludedFromSecondaryIndexes.error;
  if (r.method === 'getTokenLargestAccounts' && refuse.largest) return refusals.callDisabled.error;
  if (r.method === 'getTokenAccounts' && refuse.das) return noDas;
  return null;
}

async function answer(r: Req): Promise<unknown> {
  seen.push(r);
  const error = refusalOf(r);
  if (error) return { jsonrpc: '2.0', id: r.id, error };
  return (await fetch(chainRpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(r),
  }).then((res) => res.json())) as unknown;
}

const key = () => Keypair.generate().publicKey.toBase58();
let owner: string;
let kinds: KindsManifest;
let plain: NftEntry;
beforeAll(async () => {
  localnet = await createLocalnet({ delegate: key(), trashWallet: key(), feeWallet: key() });
  chainRpc = await startRpcServer(localnet);
  proxy = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    const reply = async () => {
      const parsed = JSON.parse(body) as Req | Req[];
      const out = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    };
    req.on('end', () => void reply());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  app = await startServer(
    { SOLANA_RPC_URL: url, DAS_URL: url, UPSTREAM_TIMEOUT_MS: '5000' },
    { overrides: { upstreamRetryBaseMs: 5 } },
  );
  owner = key();
  localnet.chain.airdrop(owner, 1_000_000_000n);
  kinds = localnet.metaplex.fundKinds(owner);
  plain = localnet.metaplex.fundNfts(owner, 1).nfts[0];
}, 60_000);
afterAll(async () => {
  await app.close();
  await new Promise<void>((r) => proxy.close(() => r()));
  await chainRpc.close();
  await localnet.close();
});
beforeEach(() => {
  refuse = {};
  seen.length = 0;
});

const print = () => kinds.printEditions[0];
const estimate = async () => {
  const r = await app.get(`/api/rent-estimate/${owner}?useAccurateCalculator=true`);
  expect(r.status).toBe(200);
  return r.json.data;
};
const burnPlan = () =>
  app.post('/api/batch-burn-nft', {
    owner,
    nfts: [print(), plain].map((n) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name })),
  });
/** What the print's burn returns, read from the chain: token account, metadata (its rent minimum), edition. */
const printReturn = () => {
  const lamports = (a: string) => Number(localnet.chain.getAccount(a)!.lamports);
  const metadata = localnet.chain.getAccount(print().metadata)!;
  const metadataMinimum = Number(localnet.chain.rent(metadata.data.length));
  return (
    lamports(print().tokenAccount) + Math.min(metadataMinimum, lamports(print().metadata)) + lamports(print().edition)
  );
};
const holderScans = () =>
  seen.filter((r) => r.method === 'getProgramAccounts' && r.params[1].filters.some((f: any) => f.dataSize === 165));

describe('a print edition on providers that refuse its master lookups', () => {
  it('every lookup served: the estimate counts the print’s exact return and says ok', async () => {
    const served = await estimate();
    expect(served.printEditionsScan).toBe('ok');
    expect(served.nftRentsLamports[print().mint]).toBe(printReturn());
  });

  it('the master mint scan refused: the estimate leaves the print out and says refused; the burn skips it, 200', async () => {
    const served = await estimate();
    refuse = { tokenScans: true, das: true };
    const refused = await estimate();
    expect(refused.printEditionsScan).toBe('refused');
    expect(refused.nftRentsLamports[print().mint]).toBeUndefined();
    // Exactly the print's return is missing: not moved into the token figures, not replaced by a zero elsewhere.
    expect(refused.breakdown.nftRentLamports).toBe(served.breakdown.nftRentLamports - printReturn());
    expect(refused.nftAccounts).toBe(served.nftAccounts - 1);
    expect(refused.breakdown.tokenRentLamports).toBe(served.breakdown.tokenRentLamports);
    expect(refused.tokenAccounts).toBe(served.tokenAccounts);

    const burn = await burnPlan();
    expect(burn.status).toBe(200);
    expect(burn.json.skipped).toEqual([{ mint: print().mint, reason: PRINT_MASTER_NOT_CHECKED }]);
    expect(burn.json.processedNFTs.map((n: { mint: string }) => n.mint)).toEqual([plain.mint]);
  });

  it('every holder source refused (DAS -32601, the scan -32010, getTokenLargestAccounts 410): not checked, 200', async () => {
    refuse = { holderScan: true, largest: true, das: true };
    expect((await estimate()).printEditionsScan).toBe('refused');
    const burn = await burnPlan();
    expect(burn.status).toBe(200);
    expect(burn.json.skipped).toEqual([{ mint: print().mint, reason: PRINT_MASTER_NOT_CHECKED }]);
    expect(seen.some((r) => r.method === 'getTokenAccounts')).toBe(true); // DAS was asked first
    expect(seen.some((r) => r.method === 'getTokenLargestAccounts')).toBe(true); // and the last fallback
  });

  it('DAS answers: the server plans the print with the holder DAS named, with no holder scan', async () => {
    refuse = { holderScan: true, largest: true };
    const burn = await burnPlan();
    expect(burn.status).toBe(200);
    expect(burn.json.skipped).toEqual([]);
    const planned = burn.json.processedNFTs.find((n: { mint: string }) => n.mint === print().mint);
    expect(planned).toMatchObject({ kind: 'print', full: true, rentLamports: printReturn() });
    const asked = seen.filter((r) => r.method === 'getTokenAccounts');
    expect(asked.map((r) => r.params)).toEqual([{ mint: print().master!.mint, page: 1, limit: 20 }]);
    expect(holderScans()).toHaveLength(0);
    expect(seen.some((r) => r.method === 'getTokenLargestAccounts')).toBe(false);
  });
});
