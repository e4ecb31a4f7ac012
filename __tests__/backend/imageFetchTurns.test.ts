// The image proxy bounds the fetches in flight, whoever asks (memory ≤ fetches at once × IMAGE_MAX_BYTES): a few run,
// a few wait their turn, any more are refused at once with 503. A picture host on 127.0.0.1 that never answers.
import type { AppError } from '../../backend/errors';
import { createImageProxy } from '../../backend/services/image/imageProxy';
import { startImageServer, type ImageServer } from '../support/imageServer';
import { until } from '../support/until';

let host: ImageServer;
beforeAll(async () => {
  host = await startImageServer();
  for (let i = 0; i < 4; i++) host.serve(`/hang${i}.png`, { type: 'image/png', body: '', hang: true });
});
afterAll(() => host.close());

const settle = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: AppError) => e.status,
  );

it('2 at once, 1 waiting: the 4th is refused with 503 while the host has seen only 2; the waiting one runs later', async () => {
  const proxy = createImageProxy({
    maxBytes: 1024,
    timeoutMs: 600,
    cacheBytes: 1024,
    testOnlyAllowedAddresses: ['127.0.0.1'],
    fetchesAtOnce: 2,
    fetchesWaiting: 1,
  });
  const asks = [0, 1, 2, 3].map((i) => settle(proxy.get(`${host.origin}/hang${i}.png`)));
  expect(await asks[3]).toBe(503);
  await until(() => Object.keys(host.hits).length === 2);
  expect(Object.keys(host.hits).sort()).toEqual(['/hang0.png', '/hang1.png']);
  // The first two time out (504); then the waiting third gets its turn and reaches the host.
  expect(await Promise.all(asks.slice(0, 3))).toEqual([504, 504, 504]);
  expect(host.hits['/hang2.png']).toBe(1);
  expect(host.hits['/hang3.png']).toBeUndefined();
  // The refusal was about the queue, not the picture: not remembered, so asking again reaches the host.
  expect(await settle(proxy.get(`${host.origin}/hang3.png`))).toBe(504);
  expect(host.hits['/hang3.png']).toBe(1);
});
