import http from 'http';
import type { AddressInfo } from 'net';
import bodyParser from '@koa/bodyparser';
import type { Connection, Keypair } from '@solana/web3.js';
import Koa from 'koa';
import type { Config } from './config';
import type { LocalnetPort, Services } from './context';
import { NotFoundError } from './errors';
import { coalesceGets } from './middleware/coalesce';
import { errorHandler } from './middleware/errorHandler';
import { createLogger, requestLogger } from './middleware/logging';
import { rateLimit } from './middleware/rateLimit';
import { securityHeaders } from './middleware/security';
import { createUpgradeGate, refuseUpgrade } from './middleware/upgradeGate';
import { apiRouters } from './routes';
import { staticFiles } from './routes/static';
import { createConnection } from './services/connection';
import { createDasClient, type DasClient } from './services/das';
import { loadDelegate } from './services/delegate';
import { MemoryNonceStore } from './services/nonceStore';
import { stopQueueWorker } from './services/queueWorker';
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
  listen(port?: number): Promise<{ server: http.Server; url: string }>;
  close(): Promise<void>;
}

export async function createApp(config: Config): Promise<SolbackApp> {
  const logger = createLogger(config.logLevel);
  const delegate = loadDelegate(config);

  let localnet: LocalnetPort | undefined;
  if (config.mode === 'local') {
    // Loaded lazily: upstream mode never starts (or even imports) the local chain.
    const { createLocalnet } = await import('./localnet');
    localnet = await createLocalnet({
      dataDir: config.memoryOnly ? undefined : config.dataDir,
      delegate: delegate!.publicKey.toBase58(),
      trashWallet: config.trashWallet,
      feeWallet: config.feeWallet,
      log: (msg, err) => logger.warn({ err }, msg),
    });
  }
  const rpcTransport = localnet ? localTransport((b) => localnet!.handleRpc(b)) : httpTransport(config.solanaRpcUrl!);
  const dasTransport = localnet ? rpcTransport : httpTransport(config.dasUrl!);
  const rpc = createRpcClient(rpcTransport);
  const das = createDasClient(dasTransport);
  const connection = createConnection(rpc);
  const nonces = new MemoryNonceStore();
  const services: Services = { config, logger, rpc, das, connection, delegate, localnet, nonces };

  const app = new Koa();
  // X-Forwarded-* is read only from TRUST_PROXY peers (middleware/proxyTrust.ts), never through Koa's app.proxy.
  app.proxy = false;
  app.silent = true; // the error middleware logs
  app.use(requestLogger(logger));
  app.use(errorHandler());
  app.use(securityHeaders(config.trustProxy));
  app.use(rateLimit({ perMinute: config.rateLimitPerMinute, rpcPerMinute: config.rpcRateLimitPerMinute, trustProxy: config.trustProxy }));
  app.use(coalesceGets());
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, jsonStrict: true }));
  // Unknown /api paths: checked on the way back, after each router's allowedMethods had its say (405).
  app.use(async (ctx, next) => {
    await next();
    const isApi = ctx.path === '/api' || ctx.path.startsWith('/api/');
    if (isApi && ctx.status === 404 && ctx.body == null) throw NotFoundError(`No such API endpoint: ${ctx.method} ${ctx.path}`);
  });
  for (const router of apiRouters(services)) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  app.use(staticFiles(config));

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
    async listen(port = config.port) {
      const server = http.createServer(app.callback());
      // Longer than clients' pooled keep-alive, so a request never races the server closing an idle socket.
      server.keepAliveTimeout = 65_000;
      server.on('upgrade', (req, socket, head) => {
        const pathname = new URL(req.url ?? '/', 'http://x').pathname;
        if (pathname !== '/api/rpc') return socket.destroy();
        const verdict = upgradeGate.admit(req);
        if (!verdict.ok) return refuseUpgrade(socket, verdict.status);
        socket.once('close', verdict.release);
        if (localnet) localnet.handleUpgrade(req, socket, head);
        else wsProxy!.handleUpgrade(req, socket, head);
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
      await stopQueueWorker(config.dataDir); // before the chain and its data folder go away
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
    },
  };
}
