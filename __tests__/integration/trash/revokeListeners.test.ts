/**
 * @jest-environment node
 */
// The revoke offer's listeners with a fresh store on the real app and local chain (Bubblegum emulated with its rules):
// a queue cancelled while the owner's wallet was open, approved there late, leaves its cNFTs delegated; the page
// offers the revocation and one approval puts each leaf delegate back to the owner (PRODUCT, the flows: Revoke delegation).
import { type SendOptions, Transaction } from '@solana/web3.js';
import { MEMO_PROGRAM_ID } from '../../../src/chain/memoAuthorization';
import { queueCancelRequested, queueStartRequested } from '../../../src/features/trash/queue/queueSlice';
import { revokeRequested } from '../../../src/features/trash/revoke/revokeSlice';
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

it('cancelled while the wallet is open, then approved late: the delegated cNFTs are offered for revocation; one approval revokes them on chain', async () => {
  const { owner, cnfts } = await fundedOwner(chain);
  const me = owner.publicKey.toBase58();
  const delegate = chain.solback.delegate!.publicKey.toBase58();
  const wallet = cnftWallet(owner);
  // The owner leaves the wallet's window open, cancels on the page, then approves there after all.
  const signAll = wallet.signAllTransactions!;
  let approveLate = () => undefined as void;
  const late = new Promise<void>((resolve) => (approveLate = resolve));
  wallet.signAllTransactions = async (txs) => {
    if (wallet.signed.length === 0) await late;
    return signAll(txs);
  };
  const store = storeFor(chain, wallet);
  const picked = cnfts.filter((c) => !c.delegate).slice(0, 2);
  store.dispatch(
    queueStartRequested({ assets: picked.map((c) => ({ assetId: c.assetId, name: c.name, image: null })) }),
  );
  await until(() => store.getState().queue.queueId !== null, 30_000); // queue created, the wallet asked
  store.dispatch(queueCancelRequested());
  approveLate();
  await until(() => store.getState().revoke.status === 'offered', 30_000);
  for (const c of picked) expect((await onChain(chain, c.assetId)).delegate).toBe(delegate);
  expect(store.getState().revoke.assetIds).toEqual(picked.map((c) => c.assetId));
  store.dispatch(revokeRequested());
  await until(() => ['done', 'failed'].includes(store.getState().revoke.status), 30_000);
  expect(store.getState().revoke).toMatchObject({ status: 'done', revoked: picked.map((c) => c.assetId) });
  // The delegations and the authorisation memo in one approval, then one approval to revoke both.
  expect(wallet.signed.map((txs) => txs.length)).toEqual([2 + 1, 2]);
  for (const c of picked) expect(await onChain(chain, c.assetId)).toEqual({ owner: me, delegate: null, burnt: false });
}, 90_000);

it('the delegations land but the memo transaction is refused: the queue fails, and exactly the cNFTs this run delegated are offered for revocation', async () => {
  const { owner, cnfts } = await fundedOwner(chain);
  const delegate = chain.solback.delegate!.publicKey.toBase58();
  const wallet = cnftWallet(owner); // sign-only: the page sends each transaction, the memo last
  // A node that refuses the authorisation memo's transaction (and sends everything else).
  const refusing = new Proxy(chain.connection, {
    get(target, key, receiver) {
      if (key !== 'sendRawTransaction') return Reflect.get(target, key, receiver);
      return async (raw: Buffer | Uint8Array, opts?: SendOptions) => {
        const programs = Transaction.from(raw).instructions.map((ix) => ix.programId.toBase58());
        if (programs.includes(MEMO_PROGRAM_ID.toBase58())) throw new Error('Transaction simulation failed: refused');
        return target.sendRawTransaction(raw, opts);
      };
    },
  });
  const store = storeFor(chain, wallet, refusing);
  const fresh = cnfts.filter((c) => !c.delegate).slice(0, 2);
  const before = cnfts.filter((c) => c.delegate === delegate).slice(0, 1); // delegated to the server before this run
  expect(before).toHaveLength(1);
  const picked = [...fresh, ...before];
  store.dispatch(
    queueStartRequested({ assets: picked.map((c) => ({ assetId: c.assetId, name: c.name, image: null })) }),
  );
  await until(() => store.getState().queue.error !== null, 60_000);
  expect(store.getState().queue.error?.name).toBe('delegation');
  await until(() => store.getState().revoke.status === 'offered', 30_000);
  for (const c of fresh) expect((await onChain(chain, c.assetId)).delegate).toBe(delegate);
  expect(store.getState().revoke.assetIds).toEqual(fresh.map((c) => c.assetId));
  expect(wallet.signed.map((txs) => txs.length)).toEqual([fresh.length + 1]);
}, 90_000);
