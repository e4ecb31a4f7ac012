import http from 'http';
import type { AddressInfo } from 'net';
import bodyParser from '@koa/bodyparser';
import type { Connection, Keypair } from '@solana/web3.js';
import Koa from 'koa';
import type { Config } from './config';
import type { LocalnetPort, QueueService, Services } from './context';
import { NotFoundError } from './errors';
import { coalesceGets } from './middleware/coalesce';
import { errorHandler } from './middleware/errorHandler';
import { createLogger, requestLogger } from './middleware/logging';
import { securityHeaders } from './middleware/security';
import { createUpgradeGate, refuseUpgrade } from './middleware/upgradeGate';
import { nodeHandler } from './nodeHandler';
import { apiRouters } from './routes';
import { staticFiles } from './routes/static';
import { createConnection } from './services/connection';
import { createDasClient, type DasClient } from './services/das';
import { secureDataDir } from './services/dataDirPermissions';
import { loadDelegate } from './services/delegate';
import type { Relayer } from './services/relayer';
import { createRelayer } from './services/relayerSetup';
import { createQueueService } from './services/queueService';
import { createSharedState } from './services/sharedState';
import { createRpcClient, httpTransport, localTransport, type RpcClient } from './services/rpc';
import { createUpstreamWsProxy } from './services/wsProxy';

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
  listen(port?: number): Promise<{ server: http.Server; url: string }>;
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<SolbackApp> {
  const logger = createLogger(config.logLevel);
  secureDataDir(config.dataDir); // 0700 folders, 0600 files (RELIABILITY, trust)
  const delegate = loadDelegate(config);
  const shared = await createSharedState(config); // first: a wrong REDIS_URL stops here, before the chain starts

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
  const upstream = { timeoutMs: config.upstreamTimeoutMs, baseDelayMs: config.upstreamRetryBaseMs };
  const rpcTransport = localnet
    ? localTransport((b) => localnet.handleRpc(b))
    : httpTransport(config.solanaRpcUrl!, upstream);
  const dasTransport = localnet ? rpcTransport : httpTransport(config.dasUrl!, upstream);
  const rpc = createRpcClient(rpcTransport);
  const das = createDasClient(dasTransport, { maxPages: config.dasMaxPages });
  const connection = createConnection(rpc);
  const { nonces, limits } = shared;
  const queue = createQueueService({ config, logger, rpc, das, connection, delegate }, shared.redis);
  const relayer = await createRelayer(config, rpc, localnet);
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
  };

  const app = new Koa();
  // X-Forwarded-* is read only from TRUST_PROXY peers (middleware/proxyTrust.ts), never through Koa's app.proxy.
  app.proxy = false;
  app.silent = true; // the error middleware logs
  app.use(requestLogger(logger));
  app.use(errorHandler());
  app.use(securityHeaders(config.trustProxy));
  app.use(limits.middleware);
  app.use(coalesceGets(shared.answers));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, jsonStrict: true }));
  // Unknown /api paths: checked on the way back, after each router's allowedMethods had its say (405).
  app.use(async (ctx, next) => {
    await next();
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (isApi && ctx.status === 404 && ctx.body == null)
      throw NotFoundError(`No such API endpoint: ${ctx.method} ${ctx.path}`);
  });
  for (const router of apiRouters(services)) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  app.use(staticFiles(config));
  // Resume whatever a previous run left, once the app has finished starting.
  setTimeout(() => queue.worker.kick(), 0).unref();

  const servers: http.Server[] = [];
  const upgradeGate = createUpgradeGate({ allowedOrigins: config.allowedOrigins, trustProxy: config.trustProxy });
  const wsProxy = localnet ? undefined : createUpstreamWsProxy(config.solanaRpcUrl!, logger);

  return {
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
    async listen(port = config.port) {
      const server = http.createServer(nodeHandler(app));
      // Longer than clients' pooled keep-alive, so a request never races the server closing an idle socket.
      server.keepAliveTimeout = 65_000;
      server.on('upgrade', (req, socket, head) => {
        const pathname = new URL(req.url ?? '/', 'http://x').pathname;
        if (pathname !== '/api/rpc') return socket.destroy();
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
      return { server, url: `http://localhost:${actual}` };
    },
    async close() {
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
      await shared.close();
    },
  };
}
