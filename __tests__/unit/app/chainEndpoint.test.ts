import { chainEndpoint } from '../../../src/features/wallet/wallet/chainEndpoint';

test('the RPC proxy becomes absolute, with a websocket on the same path', () => {
  expect(chainEndpoint('http://localhost:3000/api/rpc', 'http://localhost:3000/')).toEqual({
    endpoint: 'http://localhost:3000/api/rpc',
    wsEndpoint: 'ws://localhost:3000/api/rpc',
  });
  expect(chainEndpoint('/api/rpc', 'https://solback.example/page')).toEqual({
    endpoint: 'https://solback.example/api/rpc',
    wsEndpoint: 'wss://solback.example/api/rpc',
  });
});

test('without a configured RPC URL the public mainnet endpoint is used (docs/PRODUCT.md#server-calls)', () => {
  expect(chainEndpoint(undefined, 'http://localhost:3000/').endpoint).toBe('https://api.mainnet-beta.solana.com/');
});
