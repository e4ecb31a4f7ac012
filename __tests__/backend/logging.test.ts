import Koa from 'koa';
import bodyParser from '@koa/bodyparser';
import http from 'http';
import type { AddressInfo } from 'net';
import { createLogger, requestLogger } from '../../backend/middleware/logging';
import { nodeHandler } from '../../backend/nodeHandler';

it('logs requests without keys, signed payloads or signatures', async () => {
  const lines: any[] = [];
  const logger = createLogger('debug', { write: (l: string) => lines.push(JSON.parse(l)) });
  const app = new Koa();
  app.use(requestLogger(logger));
  app.use(bodyParser());
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  const server = http.createServer(nodeHandler(app)).listen(0);
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const secret = {
    privateKeyBase58: 'KEY',
    signedTransaction: 'TX',
    signature: 'SIG',
    signedMessage: 'MSG',
    assetId: 'visible',
  };
  await fetch(`${url}/api/robust-transfer?api-key=APIKEY`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(secret),
  });
  server.close();
  const text = JSON.stringify(lines);
  expect(text).toContain('visible');
  for (const hidden of ['KEY"', 'TX"', 'SIG"', 'MSG"', 'APIKEY']) expect(text).not.toContain(hidden);
  expect(lines.find((l) => l.url)?.status).toBe(200);
});
