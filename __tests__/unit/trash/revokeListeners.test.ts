/**
 * @jest-environment node
 */
// The revoke offer's listeners with a fresh store on the real app and local chain (Bubblegum emulated with its rules):
// a queue cancelled before the owner authorised it (no server call then) still leaves its cNFTs delegated; the page
// offers the revocation and one approval puts each leaf delegate back to the owner (PRODUCT, the flows: Revoke delegation).
import { queueCancelRequested, queueStartRequested } from '../../../src/features/queue/queueSlice';
import { revokeRequested } from '../../../src/features/revoke/revokeSlice';
import {
  type Chain,
  cnftWallet,
  fundedOwner,
  onChain,
  startChain,
  stopTrashStores,
  storeFor,
  until,
} from './support/trashHarness';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
}, 60_000);
afterEach(() => stopTrashStores());
afterAll(() => chain?.close());

it('cancelled before the owner signed: the delegated cNFTs are offered for revocation; one approval revokes them on chain', async () => {
  const { owner, cnfts } = await fundedOwner(chain);
  const me = owner.publicKey.toBase58();
  const delegate = chain.solback.delegate!.publicKey.toBase58();
  const wallet = cnftWallet(owner);
  wallet.signMessage = () => new Promise<never>(() => undefined); // the owner never answers the authorisation
  const store = storeFor(chain, wallet);
  const picked = cnfts.filter((c) => !c.delegate).slice(0, 2);
  store.dispatch(
    queueStartRequested({ assets: picked.map((c) => ({ assetId: c.assetId, name: c.name, image: null })) }),
  );
  await until(() => store.getState().queue.queueId !== null, 30_000); // delegated, queue created, text asked
  for (const c of picked) expect((await onChain(chain, c.assetId)).delegate).toBe(delegate);
  store.dispatch(queueCancelRequested());
  await until(() => store.getState().revoke.status === 'offered', 30_000);
  expect(store.getState().revoke.assetIds).toEqual(picked.map((c) => c.assetId));
  store.dispatch(revokeRequested());
  await until(() => ['done', 'failed'].includes(store.getState().revoke.status), 30_000);
  expect(store.getState().revoke).toMatchObject({ status: 'done', revoked: picked.map((c) => c.assetId) });
  expect(wallet.signed.map((txs) => txs.length)).toEqual([2, 2]); // delegations, then one approval to revoke both
  for (const c of picked) expect(await onChain(chain, c.assetId)).toEqual({ owner: me, delegate: null, burnt: false });
}, 90_000);
