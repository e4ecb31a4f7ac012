import { createApp } from './app';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig(process.env);
  const solback = await createApp(config);
  const { url, metricsUrl } = await solback.listen(config.port);
  console.log(`SolBack running at ${url}`);
  if (metricsUrl) console.log(`Metrics at ${metricsUrl}`);
  console.log(
    config.mode === 'local' ? 'Chain: embedded local chain (data in ' + config.dataDir + ')' : 'Chain: upstream RPC',
  );

  let closing = false;
  // SIGTERM (an orchestrator, a load balancer's rolling upgrade) drains: /readyz 503 at once, the queue handed back,
  // requests in flight finished within SHUTDOWN_GRACE_MS, the chain saved, exit 0 (RELIABILITY, graceful drain).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: draining (up to ${config.shutdownGraceMs} ms), saving and shutting down...`);
    // The drain cuts requests at the end of the grace; this is only for a close that hangs after that.
    const timer = setTimeout(() => {
      console.error('Shutdown did not finish in time');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000);
    try {
      await solback.drain(config.shutdownGraceMs);
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      console.error('Shutdown failed:', (err as Error).message);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
