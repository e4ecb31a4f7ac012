import { createApp } from './app';
import { loadConfig } from './config';

async function main() {
  const config = loadConfig(process.env);
  const solback = await createApp(config);
  const { url } = await solback.listen(config.port);
  console.log(`SolBack running at ${url}`);
  console.log(
    config.mode === 'local' ? 'Chain: embedded local chain (data in ' + config.dataDir + ')' : 'Chain: upstream RPC',
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: saving and shutting down...`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await solback.close();
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
