// PRODUCT, the flows: Revoke delegation without a browser: the page's revocation of the server's cNFT delegation on the
// local chain (emulated Bubblegum checks the owner's signature and the proof against the tree, as delegate.rs does).
// The owner's wallet is a key in the test; the /api calls go over HTTP through a real store, as the page makes them.
import nacl from 'tweetnacl';
import { Connection, type Keypair, type Transaction } from '@solana/web3.js';
import type { WalletPort } from '../../src/app/walletPort';
import { BUBBLEGUM_PROGRAM } from '../../src/common/addresses';
import { SIGNING_TIMEOUT_MS } from '../../src/common/constants';
import { revokeDelegation, stillDelegated } from '../../src/features/trash/revoke/revokeDelegation';
import type { TrashDeps } from '../../src/features/trash/trash/trashTypes';
import { startPageApi, type PageApi } from '../support/pageApi';
import { delegateForQueue, delegatedTrash } from '../../src/features/trash/trash/trashWays';
import { networkFee } from '../support/networkFee';
import { fundOwner, ownerOf } from './cnftSupport';
import { startServer, type TestServer } from './helpers';

jest.setTimeout(90_000);

let server: TestServer;
let connection: Connection;

let page: PageApi;

/** A wallet that signs with `kp` and keeps every approval's transactions. */
function keyWallet(kp: Keypair, approvals: Transaction[][]): WalletPort {
  return {
    publicKey: kp.publicKey.toBase58(),
    signTransaction: async <T>(tx: T) => {
      (tx as Transaction).partialSign(kp);
      approvals.push([tx as Transaction]);
      return tx;
    },
    signAllTransactions: async <T>(txs: T[]) => {
      txs.forEach((t) => (t as Transaction).partialSign(kp));
      approvals.push(txs as Transaction[]);
      return txs;
    },
    signMessage: async (m: Uint8Array) => nacl.sign.detached(m, kp.secretKey),
  };
}
const noPauses = (ms: number) => (ms >= SIGNING_TIMEOUT_MS ? new Promise<void>(() => undefined) : Promise.resolve());
const deps = (wallet: WalletPort): TrashDeps => ({
  wallet,
  connection,
  dispatch: page.store.dispatch,
  trashWallet: server.solback.config.trashWallet,
  delay: noPauses,
  pageLocation: { host: new URL(server.url).host, origin: new URL(server.url).origin },
});

beforeAll(async () => {
  server = await startServer();
  connection = new Connection(`${server.url}/api/rpc`, {
    commitment: 'confirmed',
    wsEndpoint: `${server.url.replace('http', 'ws')}/api/rpc`,
  });
  page = await startPageApi(server.url);
}, 60_000);
afterAll(async () => {
  await page.close();
  await server.close();
});

it('revokes in one approval: each leaf delegate becomes the owner; cNFTs not delegated to the server are left out', async () => {
  const { owner, cnfts } = await fundOwner(server);
  const me = owner.publicKey.toBase58();
  const delegate = server.solback.delegate!.publicKey.toBase58();
  const approvals: Transaction[][] = [];
  const [a, b, plain] = cnfts.filter((c) => !c.delegate);
  await delegateForQueue(deps(keyWallet(owner, approvals)), [a.assetId, b.assetId], delegate);
  expect((await ownerOf(server, a.assetId)).delegate).toBe(delegate);
  const ids = [a.assetId, b.assetId, plain.assetId];
  expect(await stillDelegated({ dispatch: page.store.dispatch }, me, ids, delegate)).toEqual([a.assetId, b.assetId]);

  const before = await connection.getBalance(owner.publicKey);
  const revoked = await revokeDelegation(deps(keyWallet(owner, approvals)), ids, delegate);
  expect(revoked).toEqual([a.assetId, b.assetId]);
  expect(approvals).toHaveLength(2); // the delegations, then one approval for both revocations
  const revocation = approvals[1];
  expect(revocation).toHaveLength(2);
  for (const tx of revocation) {
    const ix = tx.instructions.find((i) => i.programId.toBase58() === BUBBLEGUM_PROGRAM)!;
    expect(ix.keys[1].pubkey.toBase58()).toBe(me); // leaf_owner, the signer
    expect(ix.keys[2].pubkey.toBase58()).toBe(delegate); // previous_leaf_delegate
    expect(ix.keys[3].pubkey.toBase58()).toBe(me); // new_leaf_delegate: the owner
  }
  const fees = revocation.reduce((s, tx) => s + networkFee(tx), 0);
  expect((await connection.getBalance(owner.publicKey)) - before).toBe(-fees);
  for (const id of [a.assetId, b.assetId])
    expect(await ownerOf(server, id)).toEqual({ owner: me, delegate: null, burnt: false });
  expect(await stillDelegated({ dispatch: page.store.dispatch }, me, ids, delegate)).toEqual([]);
  // Nothing left to revoke: no approval is asked.
  expect(await revokeDelegation(deps(keyWallet(owner, approvals)), ids, delegate)).toEqual([]);
  expect(approvals).toHaveLength(2);
});

it('the server can no longer move a revoked cNFT: its delegated transfer is refused', async () => {
  const { owner, cnfts } = await fundOwner(server);
  const delegate = server.solback.delegate!.publicKey.toBase58();
  const delegated = cnfts.find((c) => c.delegate === delegate)!;
  await revokeDelegation(deps(keyWallet(owner, [])), [delegated.assetId], delegate);
  // The owner even signs the server's authorisation: the server's key is no longer the leaf's delegate.
  await expect(delegatedTrash(deps(keyWallet(owner, [])), delegated.assetId, null)).rejects.toThrow();
  expect((await ownerOf(server, delegated.assetId)).owner).toBe(owner.publicKey.toBase58());
});
