// docs/PRODUCT.md#loading token load through a real store: server endpoint → direct chain query → empty list; metadata
// enrichment 3 at a time with the 429 retries; disconnect clears. The network is a real HTTP server and a fake Connection.
import { addListener } from '@reduxjs/toolkit';
import type { Connection } from '@solana/web3.js';
import { setApiOrigin, setRetryDelayScale } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra } from '../../../src/app/walletPort';
import { TOKEN_2022_PROGRAM } from '../../../src/common/addresses';
import { tokenMetadataResolved } from '../../../src/features/assets/tokens/tokensSlice';
import { walletConnected, walletDisconnected } from '../../../src/app/events';
import { startRecordingServer, type RecordingServer, type Responder } from '../../support/recordingServer';
import { listenersIdle, until } from '../../support/until';
import { FakeConnection, newMint } from './fakeChain';

const W = newMint();
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
  setRetryDelayScale(0.01);
});
afterAll(() => server.close());
beforeEach(() => server.requests.splice(0));

// The NFT load runs on the same event; give it an empty wallet so it stays off the fake chain.
function respond(tokens: Responder) {
  server.respond((req) =>
    req.path.startsWith('/api/helius/wallet/nfts/')
      ? { body: { success: true, data: { regularNfts: [], compressedNfts: [] } } }
      : tokens(req),
  );
}

function setup(connection: FakeConnection | null = new FakeConnection()) {
  const extra = createAppExtra();
  extra.setConnection(connection as unknown as Connection);
  const store = makeStore(undefined, extra);
  const batches: number[] = [];
  store.dispatch(
    addListener({ actionCreator: tokenMetadataResolved, effect: (a) => void batches.push(a.payload.items.length) }),
  );
  return { store, connection, batches };
}
const done = (store: ReturnType<typeof makeStore>) =>
  until(() => {
    const t = store.getState().tokens;
    return t.wallet === W && !t.loading && t;
  });
// The NFT and rent loads run on the same event; these tests look at the token calls only.
const paths = () => server.requests.map((r) => r.path).filter((p) => /wallet-tokens|token-metadata/.test(p));

describe('token sources in order', () => {
  it('uses the server list, and asks metadata only for tokens that arrived without it', async () => {
    const [a, b] = [newMint(), newMint()];
    respond((req) => {
      if (req.path.startsWith('/api/wallet-tokens/'))
        return {
          body: {
            success: true,
            tokens: [
              {
                mint: a,
                amount: '1500000',
                decimals: 6,
                tokenAccount: newMint(),
                symbol: 'AAA',
                name: 'Alpha',
                logoURI: '/a.svg',
              },
              { mint: b, amount: '7', decimals: 0, tokenAccount: newMint() },
            ],
          },
        };
      if (req.path === `/api/token-metadata/${b}`)
        return { body: { success: true, data: { symbol: 'BBB', name: 'Beta', icon: null, decimals: 0, uri: null } } };
      return { status: 404, body: { success: false, error: 'nope' } };
    });
    const { store, connection } = setup();
    store.dispatch(walletConnected({ publicKey: W }));
    expect(store.getState().tokens.loading).toBe(true);
    await until(() => {
      const items = store.getState().tokens.items;
      return items.some((t) => t.symbol === 'BBB') && items;
    });
    const s = store.getState().tokens;
    expect(s.source).toBe('server');
    expect(s.items.map((t) => [t.symbol, t.name, t.logoURI])).toEqual([
      ['AAA', 'Alpha', '/a.svg'],
      ['BBB', 'Beta', '/static/default-token.svg'],
    ]);
    expect(paths()).toEqual([`/api/wallet-tokens/${W}`, `/api/token-metadata/${b}`]);
    expect(connection!.tokenListReads()).toEqual([]);
  });

  it('on a server failure queries the chain (SPL and Token-2022), lists burnable tokens and enriches them 3 at a time', async () => {
    const fungible = [newMint(), newMint(), newMint(), newMint()];
    const chain = new FakeConnection([
      ...fungible.map((mint, i) => ({
        mint,
        amount: String(1000 * (i + 1)),
        decimals: 3,
        program: i === 3 ? TOKEN_2022_PROGRAM : undefined,
      })),
      { mint: newMint(), amount: '1', decimals: 0 }, // an NFT
      { mint: newMint(), amount: '0', decimals: 6 }, // a vacant account
    ]);
    respond((req) => {
      if (req.path.startsWith('/api/wallet-tokens/')) return { status: 500, body: { success: false, error: 'boom' } };
      if (req.path.startsWith('/api/token-metadata/')) {
        const mint = req.path.split('/').pop()!;
        return mint === fungible[2]
          ? { status: 500, body: { success: false, error: 'no metadata' } }
          : {
              body: {
                success: true,
                data: {
                  symbol: `S${fungible.indexOf(mint)}`,
                  name: `Name ${fungible.indexOf(mint)}`,
                  icon: null,
                  decimals: 3,
                  uri: null,
                },
              },
            };
      }
      return undefined;
    });
    const { store, batches } = setup(chain);
    store.dispatch(walletConnected({ publicKey: W }));
    await done(store);
    expect(store.getState().tokens.source).toBe('chain');
    expect(store.getState().tokens.error).toBeNull();
    expect(
      chain
        .tokenListReads()
        .map((c) => c.args[1])
        .sort(),
    ).toEqual([TOKEN_2022_PROGRAM, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'].sort());
    await until(() => {
      const n = batches.reduce((x, y) => x + y, 0);
      return n === 4 && n;
    });
    expect(batches).toEqual([3, 1]);
    const items = store.getState().tokens.items;
    expect(items.map((t) => t.mint)).toEqual(fungible);
    expect(items.map((t) => t.symbol)).toEqual(['S0', 'S1', 'Unknown', 'S3']);
    expect(items[2].name).toBe('Unknown Token');
  });

  it('retries token metadata on 429 (1 s × attempt, scaled in tests) and then uses it', async () => {
    const mint = newMint();
    let metadataCalls = 0;
    respond((req) => {
      if (req.path.startsWith('/api/wallet-tokens/'))
        return { body: { success: true, tokens: [{ mint, amount: '5', decimals: 1, tokenAccount: newMint() }] } };
      if (!req.path.startsWith('/api/token-metadata/')) return { status: 404, body: { success: false, error: 'n/a' } };
      metadataCalls++;
      return metadataCalls <= 2
        ? { status: 429, body: { success: false, error: 'Too many requests' } }
        : { body: { success: true, data: { symbol: 'RL', name: 'Rate Limited', icon: null, decimals: 1, uri: null } } };
    });
    const { store } = setup();
    store.dispatch(walletConnected({ publicKey: W }));
    await until(() => {
      const s = store.getState().tokens.items[0]?.symbol;
      return s === 'RL' && s;
    });
    expect(metadataCalls).toBe(3);
  });

  it('when the server and the chain both fail the list is empty and the message says why', async () => {
    const chain = new FakeConnection();
    chain.failTokenAccounts = new Error('RPC unreachable');
    respond(() => ({ status: 503, body: { success: false, error: 'Token service temporarily unavailable' } }));
    const { store } = setup(chain);
    store.dispatch(walletConnected({ publicKey: W }));
    const s = await done(store);
    expect(s.items).toEqual([]);
    expect(s.source).toBe('none');
    expect(s.error).toBe('Error fetching tokens: RPC unreachable');
  });

  it('without any connection the chain step fails cleanly too', async () => {
    respond(() => ({ status: 500, body: { success: false, error: 'x' } }));
    const { store } = setup(null);
    store.dispatch(walletConnected({ publicKey: W }));
    const s = await done(store);
    expect(s.items).toEqual([]);
    expect(s.error).toMatch(/^Error fetching tokens: /);
  });
});

describe('disconnect', () => {
  it('clears lists, errors and loading flags, and a late answer does not come back', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    respond(() => ({ hang: true }));
    const chain = new FakeConnection([{ mint: newMint(), amount: '9', decimals: 0 }]);
    const slow = chain.getParsedTokenAccountsByOwner.bind(chain);
    chain.getParsedTokenAccountsByOwner = async (...args) => {
      await gate;
      return slow(...args);
    };
    const { store } = setup(chain);
    store.dispatch(walletConnected({ publicKey: W }));
    await until(() => {
      const n = server.requests.length;
      return n > 0 && n;
    });
    store.dispatch(walletDisconnected());
    expect(store.getState().tokens).toEqual({
      wallet: null,
      items: [],
      loading: false,
      error: null,
      source: null,
      solPriceUsd: null,
    });
    expect(store.getState().nfts.loading).toBe(false);
    expect(store.getState().cnfts.loading).toBe(false);
    release();
    await listenersIdle(store);
    expect(store.getState().tokens.items).toEqual([]);
  });
});
