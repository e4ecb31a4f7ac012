import http from 'http';
import type { AddressInfo } from 'net';
import bodyParser from '@koa/bodyparser';
import type { Connection, Keypair } from '@solana/web3.js';
import Koa from 'koa';
import type { Config } from './config';
import type { LocalnetPort, QueueService, Services } from './context';
import { appError } from './errors';
import { coalesceGets } from './middleware/coalesce';
import { errorHandler } from './middleware/errorHandler';
import { healthRoutes } from './middleware/health';
import { httpMetrics } from './middleware/httpMetrics';
import { createLogger, requestLogger } from './middleware/logging';
import { securityHeaders } from './middleware/security';
import { createUpgradeGate, refuseUpgrade } from './middleware/upgradeGate';
import { trackInFlight } from './inFlight';
import { startMetricsServer, type MetricsServer } from './metricsServer';
import { nodeHandler } from './nodeHandler';
import { apiRouters } from './routes';
import { staticFiles } from './routes/static';
import { createConnection } from './services/rpc/connection';
import { createDasClient, type DasClient } from './services/das/das';
import { secureDataDir } from './services/ops/dataDirPermissions';
import { loadDelegate } from './services/nft/delegate';
import { createMetrics, type Metrics } from './services/ops/metrics';
import { createReadiness, type Readiness } from './services/ops/readiness';
import type { Relayer } from './services/relayer/relayer';
import { createRelayer } from './services/relayer/relayerSetup';
import { createQueueService } from './services/queue/queueService';
import { createSharedState } from './services/shared/sharedState';
import { createRpcClient, httpTransport, localTransport, type RpcClient, type RpcTransport } from './services/rpc/rpc';
import { UpstreamHealth, watchTransport, type Caller } from './services/rpc/upstreamWatch';
import { createUpstreamWsProxy } from './services/rpcProxy/wsProxy';
import { PreparedBurnStore } from './services/vacant/vacantPrepared';

export const BODY_LIMIT = '1mb';

export interface SolbackApp {
  app: Koa;
  config: Config;
  rpc: RpcClient;
  das: DasClient;
  connection: Connection;
  delegate: Keypair | null;
  localnet?: LocalnetPort;
  /** The fee relayer (PRODUCT difference 15), null when not configured. */
  relayer: Relayer | null;
  /** The transfer queue's store and worker (tests read the store, stop the worker). */
  queue: QueueService;
  /** What the routes received (tests reach the nonce store and the rate limits through it). */
  services: Services;
  metrics: Metrics;
  readiness: Readiness;
  /** Where the metrics answer once `listen` started them (METRICS_PORT set), else undefined. */
  metricsUrl?: string;
  /** Also starts the metrics server on METRICS_PORT (first call only); `metricsUrl` is where it answers. */
  listen(port?: number): Promise<{ server: http.Server; url: string; metricsUrl?: string }>;
  /**
   * The graceful drain (SIGTERM, RELIABILITY): /readyz answers 503 at once; the queue worker stops taking items and
   * hands its queue back; websockets are closed with a reason; requests in flight finish (up to `graceMs`,
   * SHUTDOWN_GRACE_MS); then `close`. Resolves false when requests had to be cut at the end of the grace.
   */
  drain(graceMs?: number): Promise<boolean>;
  /** HTTP requests being answered now (tests wait for one to be in flight). */
  requestsInFlight(): number;
  close(): Promise<void>;
}

/** The reason websocket clients read when the server goes away (close code 1001, "going away"). */
export const SHUTDOWN_REASON = 'Server shutting down; reconnect';

export async function createApp(config: Config): Promise<SolbackApp> {
  const logger = createLogger(config.logLevel);
  secureDataDir(config.dataDir); // 0700 folders, 0600 files (RELIABILITY, trust)
  const delegate = loadDelegate(config);
  const metrics = createMetrics();
  // first: a wrong REDIS_URL stops here, before the chain starts
  const shared = await createSharedState(config, { onLimited: metrics.limiterRefusal });

  let localnet: LocalnetPort | undefined;
  if (config.mode === 'local') {
    // Loaded lazily: upstream mode never starts (or even imports) the local chain.
    const { createLocalnet } = await import('./localnet');
    const { MAINNET_LAMPORTS_PER_BYTE } = await import('./localnet/rent');
    localnet = await createLocalnet({
      dataDir: config.memoryOnly ? undefined : config.dataDir,
      delegate: delegate!.publicKey.toBase58(),
      trashWallet: config.trashWallet,
      feeWallet: config.feeWallet,
      lamportsPerByte: config.localnetLamportsPerByte,
      defaultLamportsPerByte: MAINNET_LAMPORTS_PER_BYTE,
      priorityFeeFloor: config.localnetPriorityFeeFloor,
      slotMs: config.localnetSlotMs,
      log: (msg, err) => logger.warn({ err }, msg),
    });
  }
  // Every provider call is counted and its outcome kept for /readyz (services/rpc/upstreamWatch.ts).
  const upstreamHealth = new UpstreamHealth();
  // The server's own calls and the clients' calls /api/rpc passes on are watched apart: only the first judge the
  // provider's health (services/rpc/upstreamWatch.ts, Caller).
  const watched = (provider: 'rpc' | 'das', caller: Caller) => ({
    timeoutMs: config.upstreamTimeoutMs,
    baseDelayMs: config.upstreamRetryBaseMs,
    watch: (send: RpcTransport) => watchTransport(provider, send, metrics, upstreamHealth, caller),
  });
  const local = localnet ? localTransport((b) => localnet.handleRpc(b)) : undefined;
  const transport = (provider: 'rpc' | 'das', caller: Caller) => {
    const url = provider === 'rpc' ? config.solanaRpcUrl! : config.dasUrl!;
    return local ? watched(provider, caller).watch(local) : httpTransport(url, watched(provider, caller));
  };
  const rpcTransport = transport('rpc', 'server');
  const dasTransport = transport('das', 'server');
  const rpc = createRpcClient(rpcTransport);
  const das = createDasClient(dasTransport, { maxPages: config.dasMaxPages });
  const connection = createConnection(rpc);
  const { nonces, limits } = shared;
  const queue = createQueueService({ config, logger, rpc, das, connection, delegate }, shared.redis, {
    onTakeover: metrics.leaseTakeover,
  });
  const relayer = await createRelayer(config, rpc, localnet);
  if (relayer) relayer.onRelayed = metrics.relayed;
  metrics.watch({
    queueDepth: () => queueDepth(queue),
    relayerBalance: relayer ? () => relayer.balance() : undefined,
  });
  const readiness = createReadiness({
    health: upstreamHealth,
    rpc,
    das,
    redis: shared.redis,
    freshMs: config.readyFreshMs,
  });
  const services: Services = {
    config,
    logger,
    rpc,
    das,
    connection,
    delegate,
    localnet,
    nonces,
    queue,
    limits,
    relayer,
    prepared: new PreparedBurnStore(),
    metrics,
    relay: { rpc: transport('rpc', 'client'), das: transport('das', 'client') },
  };

  const app = new Koa();
  // X-Forwarded-* is read only from TRUST_PROXY peers (middleware/proxyTrust.ts), never through Koa's app.proxy.
  app.proxy = false;
  app.silent = true; // the error middleware logs
  app.use(httpMetrics(metrics));
  app.use(async (ctx, next) => {
    // Draining: every answer tells the client to open its next connection afresh (to another process).
    if (readiness.draining) ctx.set('Connection', 'close');
    await next();
  });
  app.use(healthRoutes(readiness)); // before the log, the limits and the GET sharing
  app.use(requestLogger(logger));
  app.use(errorHandler());
  app.use(securityHeaders(config.trustProxy, config.publicSecondReader));
  app.use(limits.middleware);
  app.use(coalesceGets(shared.answers));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, jsonStrict: true }));
  // Unknown /api paths: checked on the way back, after each router's allowedMethods had its say (405).
  app.use(async (ctx, next) => {
    await next();
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (isApi && ctx.status === 404 && ctx.body == null)
      throw appError(404, 'no_such_endpoint', `${ctx.method} ${ctx.path}`);
  });
  for (const router of apiRouters(services)) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  app.use(staticFiles(config));
  // Resume whatever a previous run left, once the app has finished starting.
  setTimeout(() => queue.worker.kick(), 0).unref();

  const servers: http.Server[] = [];
  const inFlight = trackInFlight();
  let metricsServer: MetricsServer | undefined;
  let closed = false;
  const upgradeGate = createUpgradeGate({ allowedOrigins: config.allowedOrigins, trustProxy: config.trustProxy });
  const wsProxy = localnet ? undefined : createUpstreamWsProxy(config.solanaRpcUrl!, logger);

  const solbackApp: SolbackApp = {
    app,
    config,
    rpc,
    das,
    connection,
    delegate,
    localnet,
    relayer,
    queue,
    services,
    metrics,
    readiness,
    async listen(port = config.port) {
      if (config.metricsPort !== undefined && !metricsServer) {
        metrics.collectProcessMetrics();
        metricsServer = await startMetricsServer(metrics.registry, config.metricsPort, config.metricsHost);
        solbackApp.metricsUrl = metricsServer.url;
      }
      const server = http.createServer(nodeHandler(app));
      inFlight.attach(server);
      // Longer than clients' pooled keep-alive, so a request never races the server closing an idle socket.
      server.keepAliveTimeout = 65_000;
      server.on('upgrade', (req, socket, head) => {
        const pathname = new URL(req.url ?? '/', 'http://x').pathname;
        if (pathname !== '/api/rpc') return socket.destroy();
        if (readiness.draining) return refuseUpgrade(socket, 503);
        const verdict = upgradeGate.admit(req);
        if (!verdict.ok) return refuseUpgrade(socket, verdict.status);
        socket.once('close', verdict.release);
        // An upgrade is one /api/rpc request for the client's allowance, like any other.
        limits.chargeRequest(req, 'rpc', 1).then(
          (wait) => {
            if (wait > 0) return refuseUpgrade(socket, 429);
            if (localnet) localnet.handleUpgrade(req, socket, head);
            else wsProxy!.handleUpgrade(req, socket, head);
          },
          () => socket.destroy(),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, resolve);
      });
      servers.push(server);
      const { port: actual } = server.address() as AddressInfo;
      // Without PUBLIC_ORIGIN, signed messages name the host the server listens as (services/auth/authVerify.ts).
      const suffix = actual === 80 ? [''] : [`:${actual}`];
      for (const host of ['localhost', '127.0.0.1', '[::1]'])
        for (const s of suffix) if (!config.listeningHosts.includes(host + s)) config.listeningHosts.push(host + s);
      return { server, url: `http://localhost:${actual}`, metricsUrl: metricsServer?.url };
    },
    requestsInFlight: () => inFlight.count,
    async drain(graceMs = config.shutdownGraceMs) {
      readiness.startDraining();
      const workerStopped = queue.worker.stop(); // releases its lease: another process continues at once
      wsProxy?.closeClients(SHUTDOWN_REASON);
      localnet?.closeSockets(SHUTDOWN_REASON);
      const finished = await inFlight.idle(graceMs);
      if (!finished) logger.warn({ inFlight: inFlight.count }, 'shutdown grace over: cutting requests in flight');
      await workerStopped;
      await solbackApp.close();
      return finished;
    },
    async close() {
      if (closed) return; // a drain ends with close; a test's own close afterwards is a no-op
      closed = true;
      wsProxy?.close();
      await queue.worker.stop(); // before the chain and its data folder go away
      await queue.store.close?.();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      if (localnet) {
        if (!config.memoryOnly) await localnet.save();
        await localnet.close();
      }
      await metricsServer?.close();
      await shared.close();
    },
  };
  return solbackApp;
}

/** Items of active queues still to move (the queue_items gauge). */
async function queueDepth(queue: QueueService): Promise<{ pending: number; sending: number }> {
  const depth = { pending: 0, sending: 0 };
  for (const q of await queue.store.listActive())
    for (const item of q.items) if (item.state === 'pending' || item.state === 'sending') depth[item.state]++;
  return depth;
}
