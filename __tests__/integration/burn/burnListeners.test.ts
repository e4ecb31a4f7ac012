/**
 * @jest-environment node
 */
// The burn flows end to end below the UI: a fresh store per test, its listeners, the real server and local chain,
// and a Keypair wallet port. Every lamport is checked against the chain.
import { Keypair, PublicKey } from '@solana/web3.js';
import { serviceFee } from '../../../src/chain/fees';
import { NATIVE_MINT, TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM } from '../../../src/common/addresses';
import { exactSol, shortenSignature } from '../../../src/chain/format';
import {
  BURN_ERRORS,
  VALIDATION,
  netParts,
  remainingNftsMessage,
  remainingTokensMessage,
  unwrapSuccess,
} from '../../../src/common/texts';
import { bulkNftBurnRequested, bulkTokenBurnRequested, singleBurnRequested } from '../../../src/app/events';
import { assetSelectionToggled } from '../../../src/features/assets/selection/selectionSlice';
import { type Chain, connectedStore, keypairWallet, networkFee, reviews, startChain } from './support/burnHarness';
import { listenersIdle, until } from '../../support/until';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
}, 60_000);
afterAll(() => chain?.close());

async function funded(times = 1) {
  const owner = Keypair.generate();
  const manifests = [];
  for (let i = 0; i < times; i++)
    manifests.push((await chain.api('localnet/fund', { owner: owner.publicKey.toBase58() })).body.manifest);
  return { owner, manifests };
}

const balance = (owner: Keypair) => chain.connection.getBalance(owner.publicKey);
type Store = Awaited<ReturnType<typeof connectedStore>>;
const settled = (store: Store) =>
  until(() => !store.getState().burn.busy && store.getState().burn.status !== 'idle', 60_000);

describe('single burn', () => {
  it('burns a token: card gone, balance + account lamports − network fee, activity entry, message kept past the spec 8 s', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const token = store
      .getState()
      .tokens.items.find((t) => t.programId !== TOKEN_2022_PROGRAM && t.mint !== NATIVE_MINT)!;
    const [rent] = await chain.lamportsOf([token.account]);
    const before = await balance(owner);

    store.dispatch(singleBurnRequested({ kind: 'token', mint: token.mint }));
    await settled(store);
    const state = store.getState();
    expect(state.burn.status).toBe('done');
    const tx = wallet.signed[0][0];
    expect((await balance(owner)) - before).toBe(rent - networkFee(tx));
    expect(await chain.lamportsOf([token.account])).toEqual([0]);
    expect(state.tokens.items.some((t) => t.mint === token.mint)).toBe(false);
    // What the wallet gained, as the chain recorded it: rent back less the network fee, and the parts named.
    expect(state.activity.entries[0]).toMatchObject({
      type: 'token-burn',
      lamports: rent - networkFee(tx),
      transactions: 1,
      signature: state.burn.lastResult!.signatures[0],
    });
    expect(state.burn.message!.text).toContain(
      `${exactSol(rent - networkFee(tx))} SOL returned to your wallet (${netParts(exactSol(rent), null, exactSol(networkFee(tx)))})`,
    );
    expect(state.celebration.active).not.toBeNull();
    // Compute budget: limit 200 000, price from recent prioritization fees (≥ 1).
    expect(tx.instructions[0].data.readUInt32LE(1)).toBe(200_000);
    // The success line (and its link) no longer clears on a timer (PRODUCT difference 18): still there once every
    // listener has finished.
    const shown = store.getState().burn.message;
    await listenersIdle(store);
    expect(store.getState().burn.message).toBe(shown);
  }, 30_000);

  it('burns an NFT fully with burnV1: token account + metadata + edition come back', async () => {
    const { owner, manifests } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const nft = manifests[0].nfts[0];
    const accounts = [nft.tokenAccount, nft.metadata, nft.edition];
    const rent = (await chain.lamportsOf(accounts)).reduce((a, b) => a + b, 0);
    const before = await balance(owner);
    store.dispatch(singleBurnRequested({ kind: 'nft', mint: nft.mint }));
    await settled(store);
    expect(store.getState().burn.status).toBe('done');
    expect((await balance(owner)) - before).toBe(rent - networkFee(wallet.signed[0][0]));
    expect(await chain.lamportsOf(accounts)).toEqual([0, 0, 0]);
    expect(store.getState().nfts.items.some((n) => n.mint === nft.mint)).toBe(false);
    expect(store.getState().activity.entries[0]).toMatchObject({
      type: 'nft-burn',
      lamports: rent - networkFee(wallet.signed[0][0]),
    });
  }, 30_000);

  it('unwraps wrapped SOL: the line names the SOL unwrapped, the network fee and the change the chain recorded', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const wrapped = store.getState().tokens.items.find((t) => t.mint === NATIVE_MINT)!;
    const [lamports] = await chain.lamportsOf([wrapped.account]);
    const before = await balance(owner);
    store.dispatch(singleBurnRequested({ kind: 'token', mint: wrapped.mint }));
    await settled(store);
    expect(store.getState().burn.status).toBe('done');
    const fee = networkFee(wallet.signed[0][0]);
    const change = (await balance(owner)) - before;
    expect(change).toBe(lamports - fee);
    const signature = store.getState().burn.lastResult!.signatures[0];
    expect(store.getState().burn.message!.text).toBe(
      unwrapSuccess(exactSol(change), exactSol(lamports), exactSol(fee), shortenSignature(signature)),
    );
  }, 30_000);

  it('a rejection shows the cancelled text and changes nothing', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner, {
      reject: Object.assign(new Error('User rejected the request.'), { code: 4001 }),
    });
    const store = await connectedStore(chain, wallet);
    const token = store.getState().tokens.items[0];
    const before = await balance(owner);
    store.dispatch(singleBurnRequested({ kind: 'token', mint: token.mint }));
    await settled(store);
    expect(store.getState().burn.message!.text).toBe(BURN_ERRORS.cancelledToken);
    expect(await balance(owner)).toBe(before);
    expect(store.getState().tokens.items.some((t) => t.mint === token.mint)).toBe(true);
    expect(store.getState().activity.entries).toHaveLength(0);
  }, 30_000);

  it('an expired blockhash is re-signed with a fresh one exactly once and succeeds', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner, {
      afterSign: async (n) => {
        if (n === 0) await chain.api('localnet/faults', { expireBlockhash: true });
      },
    });
    const store = await connectedStore(chain, wallet);
    const token = store.getState().tokens.items[0];
    const [rent] = await chain.lamportsOf([token.account]);
    const before = await balance(owner);
    store.dispatch(singleBurnRequested({ kind: 'token', mint: token.mint }));
    await settled(store);
    expect(store.getState().burn.status).toBe('done');
    expect(wallet.signed).toHaveLength(2);
    expect((await balance(owner)) - before).toBe(rent - networkFee(wallet.signed[1][0]));
  }, 30_000);

  it('validation texts: no wallet, NFT without token account', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const nft = store.getState().nfts.items[0];
    wallet.publicKey = null;
    store.dispatch(singleBurnRequested({ kind: 'token', mint: store.getState().tokens.items[0].mint }));
    await settled(store);
    expect(store.getState().burn.message!.text).toBe(VALIDATION.walletRequiredTokens);
    wallet.publicKey = owner.publicKey.toBase58();
    store.dispatch({
      type: 'nfts/nftsLoaded',
      payload: { wallet: wallet.publicKey, nfts: [{ ...nft, tokenAddress: null }], cnfts: [], source: 'combined' },
    });
    store.dispatch(singleBurnRequested({ kind: 'nft', mint: nft.mint }));
    await settled(store);
    expect(store.getState().burn.message!.text).toBe(VALIDATION.nftTokenAccountMissing);
    expect(wallet.signed).toHaveLength(0);
  }, 30_000);
});

describe('bulk token burn', () => {
  it('burns 15 tokens with one approval in as few transactions as fit', async () => {
    const { owner } = await funded(3);
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const tokens = store.getState().tokens.items.slice(0, 15);
    expect(tokens).toHaveLength(15);
    for (const t of tokens) store.dispatch(assetSelectionToggled({ kind: 'token', mint: t.mint }));
    const rent = (await chain.lamportsOf(tokens.map((t) => t.account))).reduce((a, b) => a + b, 0);
    const wrapped = tokens.filter((t) => t.mint === NATIVE_MINT);
    const wrappedLamports = (await chain.lamportsOf(wrapped.map((t) => t.account))).reduce((a, b) => a + b, 0);
    const before = await balance(owner);
    store.dispatch(bulkTokenBurnRequested());
    await settled(store);
    expect(store.getState().burn.error).toBeNull();
    expect(store.getState().burn.status).toBe('done');
    expect(wallet.signed).toHaveLength(1); // one approval
    const txs = wallet.signed[0];
    expect(txs).toHaveLength(2); // at most 12 burn+close pairs fit one legacy transaction (PRODUCT figures): 15 need 2
    for (const tx of txs) expect(tx.serialize().length).toBeLessThanOrEqual(1232);
    const fees = txs.reduce((sum, tx) => sum + networkFee(tx), 0);
    expect((await balance(owner)) - before).toBe(rent - fees);
    // The review step showed, before signing, exactly what the chain then did.
    const review = reviews[reviews.length - 1];
    expect(review).toMatchObject({
      rentLamports: rent,
      serviceFeeLamports: 0,
      networkFeeLamports: fees,
      transactions: 2,
    });
    expect(review.solChangeLamports).toBe(rent - fees);
    expect(review.simulatedChangeLamports).toBe(rent - fees); // the chain's simulation agrees to the lamport
    expect(await chain.lamportsOf(tokens.map((t) => t.account))).toEqual(tokens.map(() => 0));
    expect(store.getState().selection.tokens).toEqual([]);
    // Wrapped SOL among them is unwrapped: the owner's own SOL comes back but is never counted as recovered.
    expect(wrapped.length).toBeGreaterThan(0);
    expect(review.unwrapLamports).toBe(wrappedLamports);
    expect(store.getState().activity.entries[0]).toMatchObject({
      lamports: rent - wrappedLamports - fees,
      transactions: 2,
    });
    expect(store.getState().burn.message?.text).toContain('wrapped SOL unwrapped');
  }, 60_000);

  it('a wallet without signAllTransactions: first 8, the rest stay selected, then the remaining-tokens message', async () => {
    const { owner } = await funded(2);
    const wallet = keypairWallet(owner, { signAll: false });
    const store = await connectedStore(chain, wallet);
    const tokens = store.getState().tokens.items.slice(0, 10);
    for (const t of tokens) store.dispatch(assetSelectionToggled({ kind: 'token', mint: t.mint }));
    store.dispatch(bulkTokenBurnRequested());
    await settled(store);
    expect(wallet.signed).toHaveLength(1);
    expect(wallet.signed[0]).toHaveLength(1);
    expect(store.getState().selection.tokens).toEqual(tokens.slice(8).map((t) => t.mint));
    await until(() => store.getState().burn.message?.text === remainingTokensMessage(2), 30_000);
  }, 60_000);

  it('none addable → the spec text', async () => {
    const { owner } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    store.dispatch(assetSelectionToggled({ kind: 'token', mint: Keypair.generate().publicKey.toBase58() }));
    store.dispatch(bulkTokenBurnRequested());
    await settled(store);
    expect(store.getState().burn.message!.text).toBe(BURN_ERRORS.couldNotAddTokens);
  }, 30_000);
});

describe('bulk NFT burn', () => {
  it('burns 3 NFTs through the server: owner + rent − fees − 1 %, FEE_WALLET + 1 %, selection cleared', async () => {
    const { owner, manifests } = await funded();
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const nfts = manifests[0].nfts.slice(0, 3);
    for (const n of nfts) store.dispatch(assetSelectionToggled({ kind: 'nft', mint: n.mint }));
    const accounts = nfts.flatMap((n: any) => [n.tokenAccount, n.metadata, n.edition]);
    const rent = (await chain.lamportsOf(accounts)).reduce((a, b) => a + b, 0);
    const feeWallet = new PublicKey(chain.solback.config.feeWallet);
    const [before, feeBefore] = [await balance(owner), await chain.connection.getBalance(feeWallet)];
    store.dispatch(bulkNftBurnRequested());
    await settled(store);
    expect(store.getState().burn.status).toBe('done');
    expect(wallet.signed).toHaveLength(1);
    const fees = wallet.signed[0].reduce((sum, tx) => sum + networkFee(tx), 0);
    expect((await balance(owner)) - before).toBe(rent - fees - serviceFee(rent));
    expect((await chain.connection.getBalance(feeWallet)) - feeBefore).toBe(serviceFee(rent));
    expect(store.getState().selection.nfts).toEqual([]);
    expect(store.getState().activity.entries[0]).toMatchObject({
      type: 'batch-burn',
      lamports: rent - fees - serviceFee(rent),
    });
    expect(store.getState().burn.message!.text).toContain(
      `${exactSol(rent - fees - serviceFee(rent))} SOL returned to your wallet (${netParts(exactSol(rent), exactSol(serviceFee(rent)), exactSol(fees))})`,
    );
  }, 60_000);

  it('12 selected (over the spec warning of 10): all go to the server in one request, one approval, several transactions', async () => {
    const { owner, manifests } = await funded(3);
    const wallet = keypairWallet(owner);
    const store = await connectedStore(chain, wallet);
    const nfts = manifests
      .flatMap((m) => m.nfts)
      .filter((n: any) => !/Collection/.test(n.name))
      .slice(0, 12);
    expect(nfts).toHaveLength(12);
    for (const n of nfts) store.dispatch(assetSelectionToggled({ kind: 'nft', mint: n.mint }));
    const requests: number[] = [];
    const realFetch = global.fetch;
    const spy = jest.spyOn(global, 'fetch').mockImplementation(async (input, init) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (href.includes('/api/batch-burn-nft')) {
        const body = init?.body ?? (input instanceof Request ? await input.clone().text() : undefined);
        requests.push(JSON.parse(String(body)).nfts.length);
      }
      return realFetch(input, init);
    });
    const accounts = nfts.flatMap((n: any) => [n.tokenAccount, n.metadata, n.edition]);
    const lamports = await chain.lamportsOf(accounts);
    const rent = lamports.reduce((a, b) => a + b, 0);
    const rentOf = new Map<string, number>(
      nfts.map((n: any, i: number) => [n.mint, lamports[3 * i] + lamports[3 * i + 1] + lamports[3 * i + 2]]),
    );
    const feeWallet = new PublicKey(chain.solback.config.feeWallet);
    const [before, feeBefore] = [await balance(owner), await chain.connection.getBalance(feeWallet)];
    try {
      store.dispatch(bulkNftBurnRequested());
      await settled(store);
    } finally {
      spy.mockRestore();
    }
    expect(store.getState().burn.status).toBe('done');
    expect(requests).toEqual([12]); // one request with every selected NFT
    expect(wallet.signed).toHaveLength(1); // one approval
    const txs = wallet.signed[0];
    expect(txs.length).toBeGreaterThan(1); // ≈ 5 full burns fit one transaction
    for (const tx of txs) expect(tx.serialize().length).toBeLessThanOrEqual(1232);
    const fees = txs.reduce((sum, tx) => sum + networkFee(tx), 0);
    // Each transaction carries the 1 % of its own NFTs' rent (burnV1's mint is account 4), read from the chain before.
    const burnedIn = txs.map((tx) =>
      tx.instructions
        .filter((ix) => ix.programId.toBase58() === TOKEN_METADATA_PROGRAM)
        .map((ix) => ix.keys[4].pubkey.toBase58()),
    );
    expect(burnedIn.flat().sort()).toEqual(nfts.map((n: any) => n.mint).sort());
    const feePaid = burnedIn.reduce((sum, mints) => sum + serviceFee(mints.reduce((r, m) => r + rentOf.get(m)!, 0)), 0);
    expect(feePaid).toBeLessThanOrEqual(serviceFee(rent));
    expect((await chain.connection.getBalance(feeWallet)) - feeBefore).toBe(feePaid);
    expect((await balance(owner)) - before).toBe(rent - fees - feePaid);
    expect(await chain.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
    expect(store.getState().selection.nfts).toEqual([]);
    expect(store.getState().nfts.items.some((n) => nfts.some((x: any) => x.mint === n.mint))).toBe(false);
    expect(store.getState().activity.entries[0]).toMatchObject({
      type: 'batch-burn',
      lamports: rent - feePaid - fees,
      transactions: txs.length,
    });
  }, 90_000);

  it('a wallet without signAllTransactions: the first transaction only, the rest stay selected, and a message says so', async () => {
    const { owner, manifests } = await funded(3);
    const wallet = keypairWallet(owner, { signAll: false });
    const store = await connectedStore(chain, wallet);
    const nfts = manifests
      .flatMap((m) => m.nfts)
      .filter((n: any) => !/Collection/.test(n.name))
      .slice(0, 12);
    for (const n of nfts) store.dispatch(assetSelectionToggled({ kind: 'nft', mint: n.mint }));
    store.dispatch(bulkNftBurnRequested());
    await settled(store);
    expect(store.getState().burn.error).toBeNull();
    expect(store.getState().burn.status).toBe('done');
    expect(wallet.signed).toHaveLength(1);
    expect(wallet.signed[0]).toHaveLength(1);
    const burned = nfts.filter((n: any) => !store.getState().selection.nfts.includes(n.mint));
    expect(burned.length).toBeGreaterThan(0);
    expect(burned.length).toBeLessThan(12);
    expect(await chain.lamportsOf(burned.map((n: any) => n.tokenAccount))).toEqual(burned.map(() => 0));
    const left = store.getState().selection.nfts;
    expect(left).toHaveLength(12 - burned.length);
    expect(
      (await chain.lamportsOf(left.map((m) => nfts.find((n: any) => n.mint === m).tokenAccount))).every((l) => l > 0),
    ).toBe(true);
    await until(() => store.getState().burn.message?.text === remainingNftsMessage(left.length), 30_000);
  }, 90_000);
});
