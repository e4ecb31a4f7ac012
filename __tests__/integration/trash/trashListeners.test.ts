/**
 * @jest-environment node
 */
// Each cNFT way through its listener with a fresh store per test, the real server and local chain (Bubblegum
// emulated with Metaplex's serializers and the program's rules), and a Keypair wallet port: success, the wallet
// declining, an expired blockhash (signed exactly once more) and the 120 s signing limit. Outcomes are read back
// from DAS getAsset.
import { parseAuthMessage } from '../../../src/common/authMessage';
import { isAuthorizationMemo } from '../../../src/chain/authorizationMemo';
import { MEMO_PROGRAM_ID } from '../../../src/chain/memoAuthorization';
import { SIGNING_TIMEOUT_MS } from '../../../src/common/constants';
import { CNFT_ERRORS } from '../../../src/common/texts';
import { queueStartRequested } from '../../../src/features/trash/queue/queueSlice';
import {
  delegatedTransferRequested,
  delegationRequested,
  isTrashBusy,
  ownerBurnRequested,
  trashRequested,
} from '../../../src/features/trash/trash/trashSlice';
import { TRASH_UI } from '../../../src/common/texts/trashTexts';
import {
  type Chain,
  assetOf,
  cnftWallet,
  expireAfterFirstSign,
  fundedOwner,
  onChain,
  pacedTimers,
  rejection,
  startChain,
  stopTrashStores,
  storeFor,
  until,
} from './support/trashHarness';

let chain: Chain;
let trash: string;
let delegate: string;
beforeAll(async () => {
  chain = await startChain();
  trash = chain.solback.config.trashWallet;
  delegate = chain.solback.delegate!.publicKey.toBase58();
}, 60_000);
afterEach(() => {
  jest.useRealTimers();
  stopTrashStores();
});
afterAll(() => chain?.close());

type Store = ReturnType<typeof storeFor>;
const trashSettled = (store: Store) => until(() => !isTrashBusy(store.getState().trash.status), 60_000);
/** Once the wallet has been asked, jump the 120 s limit. */
async function outwait(wallet: { asked: number }): Promise<void> {
  await until(() => wallet.asked > 0, 30_000);
  jest.advanceTimersByTime(SIGNING_TIMEOUT_MS);
}
const cancelled = {
  name: expect.stringMatching(/^Signing(Rejected|TimedOut)Error$/),
  message: CNFT_ERRORS.cancelledByUser,
};

describe('direct trash (standard way, docs/PRODUCT.md#trash-a-cnft chain)', () => {
  it('success: TRASH_WALLET owns it, hidden at once, banner and celebration; one approval', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner);
    const store = storeFor(chain, wallet);
    const asset = assetOf(cnfts[1]);
    store.dispatch(trashRequested({ asset }));
    await trashSettled(store);
    expect((await onChain(chain, asset.mint)).owner).toBe(trash);
    expect(wallet.signed).toHaveLength(1);
    const state = store.getState();
    expect(state.hiddenAssets.ids).toContain(asset.mint);
    expect(state.trash.banner).toMatchObject({
      kind: 'success',
      text: TRASH_UI.sent(asset.name),
      signature: expect.any(String),
    });
    expect(state.trash.modal).toBeNull();
    expect(state.celebration.active).not.toBeNull();
  }, 60_000);

  it('the wallet declines: the cancelled text, the chain stops (asked once), nothing moves', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { reject: rejection() });
    const store = storeFor(chain, wallet);
    store.dispatch(trashRequested({ asset: assetOf(cnfts[1]) }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'failed', error: cancelled, robustSuggested: false });
    expect(wallet.asked).toBe(1);
    expect((await onChain(chain, cnfts[1].assetId)).owner).toBe(owner.publicKey.toBase58());
  }, 60_000);

  it('an expired blockhash is built and signed exactly once more, and succeeds', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { afterSign: expireAfterFirstSign(chain) });
    const store = storeFor(chain, wallet);
    store.dispatch(trashRequested({ asset: assetOf(cnfts[2]) }));
    await trashSettled(store);
    expect(wallet.signed).toHaveLength(2);
    expect(wallet.signed[1][0].recentBlockhash).not.toBe(wallet.signed[0][0].recentBlockhash);
    expect((await onChain(chain, cnfts[2].assetId)).owner).toBe(trash);
    expect(store.getState().trash.banner?.kind).toBe('success');
  }, 60_000);

  it('no answer within 120 s: the cancelled text, nothing moves', async () => {
    pacedTimers();
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { hang: true });
    const store = storeFor(chain, wallet);
    store.dispatch(trashRequested({ asset: assetOf(cnfts[1]) }));
    await outwait(wallet);
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({
      status: 'failed',
      error: { name: 'SigningTimedOutError', message: CNFT_ERRORS.cancelledByUser },
    });
    expect(wallet.asked).toBe(1);
    expect((await onChain(chain, cnfts[1].assetId)).owner).toBe(owner.publicKey.toBase58());
  }, 60_000);
});

describe('owner burn (PRODUCT difference 8)', () => {
  it('success: getAsset reports it burnt; hidden; the burned banner', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner);
    const store = storeFor(chain, wallet);
    const asset = assetOf(cnfts[4]);
    store.dispatch(ownerBurnRequested({ asset }));
    await trashSettled(store);
    expect((await onChain(chain, asset.mint)).burnt).toBe(true);
    expect(store.getState().hiddenAssets.ids).toContain(asset.mint);
    expect(store.getState().trash.banner).toMatchObject({ kind: 'success', text: TRASH_UI.burned(asset.name) });
  }, 60_000);

  it('the wallet declines: the cancelled text, not burnt', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const store = storeFor(chain, cnftWallet(owner, { reject: rejection() }));
    store.dispatch(ownerBurnRequested({ asset: assetOf(cnfts[4]) }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'failed', error: cancelled });
    expect((await onChain(chain, cnfts[4].assetId)).burnt).toBe(false);
  }, 60_000);

  it('an expired blockhash is signed exactly once more, and the burn lands', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { afterSign: expireAfterFirstSign(chain) });
    const store = storeFor(chain, wallet);
    store.dispatch(ownerBurnRequested({ asset: assetOf(cnfts[4]) }));
    await trashSettled(store);
    expect(wallet.signed).toHaveLength(2);
    expect((await onChain(chain, cnfts[4].assetId)).burnt).toBe(true);
  }, 60_000);

  it('no answer within 120 s: the cancelled text, not burnt', async () => {
    pacedTimers();
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { hang: true });
    const store = storeFor(chain, wallet);
    store.dispatch(ownerBurnRequested({ asset: assetOf(cnfts[4]) }));
    await outwait(wallet);
    await trashSettled(store);
    expect(store.getState().trash.error).toEqual({
      name: 'SigningTimedOutError',
      message: CNFT_ERRORS.cancelledByUser,
    });
    expect((await onChain(chain, cnfts[4].assetId)).burnt).toBe(false);
  }, 60_000);
});

describe('delegated transfer (docs/PRODUCT.md#delegated-transfer) and delegating first', () => {
  it('success: the owner signs the exact text, the server moves it as delegate; hidden', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner);
    const store = storeFor(chain, wallet);
    const delegated = cnfts.find((c) => c.delegate)!;
    store.dispatch(delegatedTransferRequested({ asset: assetOf(delegated), proofData: null }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'done', flow: 'delegatedTransfer', error: null });
    expect(wallet.messages.map(parseAuthMessage)).toEqual([
      expect.objectContaining({ action: 'delegated-transfer', assetIds: [delegated.assetId] }),
    ]);
    expect((await onChain(chain, delegated.assetId)).owner).toBe(trash);
    expect(store.getState().hiddenAssets.ids).toContain(delegated.assetId);
  }, 60_000);

  it('the wallet declines the text: the cancelled text, nothing moves', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const store = storeFor(chain, cnftWallet(owner, { reject: rejection() }));
    const delegated = cnfts.find((c) => c.delegate)!;
    store.dispatch(delegatedTransferRequested({ asset: assetOf(delegated), proofData: null }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'failed', error: cancelled });
    expect((await onChain(chain, delegated.assetId)).owner).toBe(owner.publicKey.toBase58());
  }, 60_000);

  it('delegating first: an expired blockhash is signed exactly once more; the server delegate is set', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { afterSign: expireAfterFirstSign(chain) });
    const store = storeFor(chain, wallet);
    const plain = cnfts.find((c) => !c.delegate)!;
    store.dispatch(delegationRequested({ asset: assetOf(plain) }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'idle', flow: null, error: null });
    expect(wallet.signed).toHaveLength(2);
    expect((await onChain(chain, plain.assetId)).delegate).toBe(delegate);
  }, 60_000);

  it('delegating first: a confirmation time-out is confirmed once more on the same path before the server relies on it', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    // The first confirmation of the delegation times out (assumed, docs/PRODUCT.md#trash-a-cnft); every later one is the chain's.
    const connection = chain.connection;
    const confirmed: unknown[] = [];
    const confirm = connection.confirmTransaction.bind(connection);
    const timingOut = Object.assign(Object.create(connection) as typeof connection, {
      confirmTransaction: (async (...args: Parameters<typeof confirm>) => {
        confirmed.push(args[0]);
        if (confirmed.length === 1) throw new Error('Transaction was not confirmed in 30.00 seconds.');
        return confirm(...args);
      }) as typeof confirm,
    });
    const store = storeFor(chain, cnftWallet(owner), timingOut);
    const plain = cnfts.find((c) => !c.delegate)!;
    store.dispatch(delegationRequested({ asset: assetOf(plain) }));
    await trashSettled(store);
    expect(store.getState().trash).toMatchObject({ status: 'idle', flow: null, error: null });
    expect(confirmed).toHaveLength(2);
    const signature = (confirmed[0] as { signature: string }).signature;
    expect(confirmed[1]).toBe(signature); // the same signature, by the page's one confirm path
    expect((await chain.connection.getSignatureStatus(signature)).value?.err).toBeNull();
    expect((await onChain(chain, plain.assetId)).delegate).toBe(delegate);
  }, 60_000);

  it('no answer to the text within 120 s: the cancelled text, nothing moves', async () => {
    pacedTimers();
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { hang: true });
    const store = storeFor(chain, wallet);
    const delegated = cnfts.find((c) => c.delegate)!;
    store.dispatch(delegatedTransferRequested({ asset: assetOf(delegated), proofData: null }));
    await outwait(wallet);
    await trashSettled(store);
    expect(store.getState().trash.error).toEqual({
      name: 'SigningTimedOutError',
      message: CNFT_ERRORS.cancelledByUser,
    });
    expect((await onChain(chain, delegated.assetId)).owner).toBe(owner.publicKey.toBase58());
  }, 60_000);
});

describe('queue authorisation (docs/PRODUCT.md#trash-a-cnft queued trash)', () => {
  const queueOf = (cnfts: { assetId: string; name: string }[]) =>
    cnfts.map((c) => ({ assetId: c.assetId, name: c.name, image: null }));
  const queueEnded = (store: Store) =>
    until(
      () => ['complete', 'initial'].includes(store.getState().queue.status) && store.getState().queue.step === null,
      60_000,
    );

  it('success: one approval carries the delegations and the memo of the queue text’s hash; every cNFT reaches TRASH_WALLET', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner);
    const store = storeFor(chain, wallet);
    const picked = cnfts.filter((c) => !c.delegate).slice(0, 2);
    store.dispatch(queueStartRequested({ assets: queueOf(picked) }));
    await queueEnded(store);
    expect(store.getState().queue).toMatchObject({ status: 'complete', error: null });
    // One request: a delegation per cNFT, then the memo; no text of its own to sign (PRODUCT difference 11).
    expect(wallet.signed.map((txs) => txs.length)).toEqual([2 + 1]);
    expect(wallet.messages).toEqual([]);
    // Our compute-budget pair (so the wallet adds no fee of its own), then the memo.
    const memo = wallet.signed[0][2].instructions;
    expect(memo).toHaveLength(3);
    expect(memo[2].programId.toBase58()).toBe(MEMO_PROGRAM_ID.toBase58());
    expect(isAuthorizationMemo(memo[2].data)).toBe(true);
    for (const c of picked) expect((await onChain(chain, c.assetId)).owner).toBe(trash);
  }, 90_000);

  it('the wallet declines the delegations: the cancelled text, nothing delegated, no queue', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const store = storeFor(chain, cnftWallet(owner, { reject: rejection() }));
    const picked = cnfts.filter((c) => !c.delegate).slice(0, 2);
    store.dispatch(queueStartRequested({ assets: queueOf(picked) }));
    await until(() => store.getState().queue.error !== null, 30_000);
    expect(store.getState().queue).toMatchObject({
      status: 'initial',
      queueId: null,
      error: { message: CNFT_ERRORS.cancelledByUser },
    });
    for (const c of picked) expect((await onChain(chain, c.assetId)).delegate).toBeNull();
  }, 60_000);

  it('an expired blockhash: the delegations and the memo are signed exactly once more and the queue completes', async () => {
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { afterSign: expireAfterFirstSign(chain) });
    const store = storeFor(chain, wallet);
    const picked = cnfts.filter((c) => !c.delegate).slice(0, 2);
    store.dispatch(queueStartRequested({ assets: queueOf(picked) }));
    await queueEnded(store);
    expect(store.getState().queue.status).toBe('complete');
    expect(wallet.signed.map((txs) => txs.length)).toEqual([2 + 1, 2 + 1]);
    for (const c of picked) expect((await onChain(chain, c.assetId)).owner).toBe(trash);
  }, 90_000);

  it('no answer to the delegations within 120 s: the cancelled text, nothing delegated', async () => {
    pacedTimers();
    const { owner, cnfts } = await fundedOwner(chain);
    const wallet = cnftWallet(owner, { hang: true });
    const store = storeFor(chain, wallet);
    const picked = cnfts.filter((c) => !c.delegate).slice(0, 1);
    store.dispatch(queueStartRequested({ assets: queueOf(picked) }));
    await outwait(wallet);
    await until(() => store.getState().queue.error !== null, 30_000);
    expect(store.getState().queue).toMatchObject({
      status: 'initial',
      error: { message: CNFT_ERRORS.cancelledByUser },
    });
    expect((await onChain(chain, picked[0].assetId)).delegate).toBeNull();
  }, 60_000);
});
