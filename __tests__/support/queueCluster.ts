// Several SolBack processes behind one Redis, as a load balancer would run them. Each process in local mode has its
// own chain, so a third process serves the local chain and the others run in upstream mode against its /api/rpc
// (SOLANA_RPC_URL = DAS_URL), all with its delegate key (DELEGATE_KEYPAIR). Used by the multi-process test and
// `npm run bench`.
import path from 'path';
import { Connection, Keypair, LAMPORTS_PER_SOL, Transaction } from '@solana/web3.js';
import { signedAuth } from './signedAuth';
import { startRedis, type TestRedis } from './redisServer';
import { startServerProcess, type ServerProcess } from './serverProcess';

export interface QueueCluster {
  redis: TestRedis;
  chain: ServerProcess;
  servers: ServerProcess[];
  /** A web3.js Connection to the chain process (the one chain every server uses). */
  connection: Connection;
  trashWallet: string;
  delegate: string;
  close(): Promise<void>;
}

export interface FundedCnft {
  assetId: string;
  name: string;
}

/** `env`: settings of the SolBack processes, or a function of the chain's RPC URL returning them. */
export async function startQueueCluster(
  count: number,
  env: Record<string, string> | ((chainRpcUrl: string) => Record<string, string>) = {},
): Promise<QueueCluster> {
  const redis = await startRedis();
  const started: ServerProcess[] = [];
  try {
    const chain = await startServerProcess('chain', {});
    started.push(chain);
    const rpcUrl = `${chain.url}/api/rpc`;
    const upstream = {
      SOLANA_RPC_URL: rpcUrl,
      DAS_URL: rpcUrl,
      DELEGATE_KEYPAIR: path.join(chain.dataDir, 'data', 'delegate-keypair.json'),
      REDIS_URL: redis.url,
      ...(typeof env === 'function' ? env(rpcUrl) : env),
    };
    const servers = await Promise.all(
      Array.from({ length: count }, (_, i) => startServerProcess(`server${'AB'[i] ?? i}`, upstream)),
    );
    started.push(...servers);
    const config = (await (await fetch(`${chain.url}/api/config`)).json()) as { trashWallet: string; delegate: string };
    // The delegate pays the transfers' fees; upstream, its operator funds it (here: the chain's faucet, 10 SOL).
    await postJson(rpcUrl, {
      jsonrpc: '2.0',
      id: 1,
      method: 'requestAirdrop',
      params: [config.delegate, 10 * LAMPORTS_PER_SOL],
    });
    return {
      redis,
      chain,
      servers,
      connection: new Connection(rpcUrl, 'confirmed'),
      trashWallet: config.trashWallet,
      delegate: config.delegate,
      async close() {
        await Promise.all(started.map((p) => p.stop()));
        await redis.stop();
      },
    };
  } catch (err) {
    await Promise.all(started.map((p) => p.stop()));
    await redis.stop();
    throw err;
  }
}

async function postJson(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** A new owner with at least `count` cNFTs, funded by the chain process (the demo profile, as often as needed). */
export async function fundCnfts(
  cluster: QueueCluster,
  count: number,
): Promise<{ owner: Keypair; cnfts: FundedCnft[] }> {
  const owner = Keypair.generate();
  const cnfts: FundedCnft[] = [];
  while (cnfts.length < count) {
    const res = await postJson(`${cluster.chain.url}/api/localnet/fund`, { owner: owner.publicKey.toBase58() });
    if (!res.success) throw new Error(`fund failed: ${JSON.stringify(res)}`);
    cnfts.push(...(res.manifest.cnfts as FundedCnft[]));
  }
  return { owner, cnfts: cnfts.slice(0, count) };
}

/** Delegates each cNFT to the shared delegate key, through `serverUrl` (which builds the transaction). */
export async function delegateAll(
  cluster: QueueCluster,
  serverUrl: string,
  owner: Keypair,
  ids: string[],
): Promise<void> {
  for (const assetId of ids) {
    const res = await postJson(`${serverUrl}/api/cnft/delegate`, {
      ownerAddress: owner.publicKey.toBase58(),
      assetId,
      delegatePublicKey: cluster.delegate,
    });
    if (!res.success) throw new Error(`delegate failed: ${JSON.stringify(res)}`);
    if (!res.transaction) continue; // already delegated by the demo funding
    const tx = Transaction.from(Buffer.from(res.transaction, 'base64'));
    const { blockhash, lastValidBlockHeight } = await cluster.connection.getLatestBlockhash('confirmed');
    tx.recentBlockhash = blockhash;
    tx.sign(owner);
    const signature = await cluster.connection.sendRawTransaction(tx.serialize());
    await confirmed(cluster, signature, lastValidBlockHeight);
  }
}

/** Polls the signature's status over HTTP (no websocket: the processes may be busy for a while under load). */
async function confirmed(cluster: QueueCluster, signature: string, lastValidBlockHeight: number): Promise<void> {
  for (;;) {
    const { value } = await cluster.connection.getSignatureStatuses([signature]);
    const st = value[0];
    if (st?.err) throw new Error(`transaction failed: ${JSON.stringify(st.err)}`);
    if (st && (st.confirmationStatus === 'confirmed' || st.confirmationStatus === 'finalized')) return;
    if ((await cluster.connection.getBlockHeight('confirmed')) > lastValidBlockHeight)
      throw new Error(`transaction ${signature} expired`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The owner's access token of each queue authorised here (status needs it: PRODUCT difference 11). */
const accessTokens = new Map<string, string>();

/** Creates a queue of `cnfts` through `serverUrl` and authorises it with the owner's signed 'queue-authorize' message. */
export async function createAuthorisedQueue(serverUrl: string, owner: Keypair, cnfts: FundedCnft[]): Promise<string> {
  const ownerAddress = owner.publicKey.toBase58();
  const created = await postJson(`${serverUrl}/api/queue/create`, {
    ownerAddress,
    assets: cnfts.map((c) => ({ assetId: c.assetId, name: c.name })),
  });
  if (!created.success) throw new Error(`queue create failed: ${JSON.stringify(created)}`);
  const queueId = created.queueId as string;
  const assetIds = [...new Set(cnfts.map((c) => c.assetId))];
  const authorised = await postJson(`${serverUrl}/api/queue/authorize`, {
    queueId,
    ownerAddress,
    ...(await signedAuth(serverUrl, owner, { action: 'queue-authorize', queueId, assetIds })),
  });
  if (!authorised.success) throw new Error(`queue authorize failed: ${JSON.stringify(authorised)}`);
  accessTokens.set(queueId, authorised.accessToken);
  return queueId;
}

export async function queueStatus(serverUrl: string, queueId: string): Promise<any> {
  const token = accessTokens.get(queueId);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await (await fetch(`${serverUrl}/api/queue/status/${queueId}`, { headers })).json();
  return res.status;
}

/** Successful transactions on the chain that name `address` (a wallet the transfers move assets to). */
export async function successfulTransactionsNaming(cluster: QueueCluster, address: string): Promise<string[]> {
  const res = await postJson(`${cluster.chain.url}/api/rpc`, {
    jsonrpc: '2.0',
    id: 1,
    method: 'getSignaturesForAddress',
    params: [address, { limit: 1000 }],
  });
  return (res.result as { signature: string; err: unknown }[]).filter((s) => s.err === null).map((s) => s.signature);
}
