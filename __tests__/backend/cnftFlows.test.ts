// The page's cNFT trash ways (src/features/trash/trash/trashWays.ts) against the local chain through the real server:
// a stock web3.js Connection on /api/rpc (websocket confirmations), the /api calls through a real store's RTK Query
// endpoints over HTTP (support/pageApi.ts), a wallet whose key stays in the test. Covers the cNFT trash flows (docs/PRODUCT.md#trash-a-cnft) that need no browser.
import { Connection, type Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { ConcurrentMerkleTreeAccount } from '../../backend/localnet/metaplex/merkleTree';
import { treeRootFromAccount } from '../../src/chain/cnftTransactions';
import { treeShapeFromAccount } from '../../src/chain/cnftTreeShape';
import {
  basicFallback,
  delegateForQueue,
  delegatedTrash,
  ownerBurn,
  parsePrivateKey,
  robustTrash,
  standardTrash,
  trashWithFallback,
} from '../../src/features/trash/trash/trashWays';
import type { TrashDeps } from '../../src/features/trash/trash/trashTypes';
import { startPageApi, type PageApi } from '../support/pageApi';
import type { WalletPort } from '../../src/app/walletPort';
import { SIGNING_TIMEOUT_MS } from '../../src/common/constants';
import { CNFT_ERRORS, CNFT_OUTCOMES, VALIDATION } from '../../src/common/texts';
import { cnftFailureText } from '../../src/features/trash/trash/trashErrors';
import { SigningRejectedError } from '../../src/features/wallet/wallet/signingErrors';
import { startServer, type TestServer } from './helpers';
import { fundOwner, ownerOf, type FundedCnft } from './cnftSupport';
import bs58 from 'bs58';
import nacl from 'tweetnacl';

jest.setTimeout(90_000);

let server: TestServer;
let owner: Keypair;
let cnfts: FundedCnft[];
let trash: string;
let connection: Connection;

let page: PageApi;

function keyWallet(kp: Keypair, calls: string[] = []): WalletPort {
  return {
    publicKey: kp.publicKey.toBase58(),
    signTransaction: async <T>(tx: T) => {
      calls.push('signTransaction');
      (tx as Transaction).partialSign(kp);
      return tx;
    },
    signAllTransactions: async <T>(txs: T[]) => {
      calls.push(`signAllTransactions(${txs.length})`);
      txs.forEach((t) => (t as Transaction).partialSign(kp));
      return txs;
    },
    signMessage: async (m: Uint8Array) => nacl.sign.detached(m, kp.secretKey),
  };
}

// The docs/PRODUCT.md#figures-and-limits pauses are skipped; the 120 s signing limit never ends (the wallet here answers at once).
const noPauses = (ms: number) => (ms >= SIGNING_TIMEOUT_MS ? new Promise<void>(() => undefined) : Promise.resolve());
const deps = (wallet: WalletPort): TrashDeps => ({
  wallet,
  connection,
  dispatch: page.store.dispatch,
  trashWallet: trash,
  delay: noPauses,
  pageLocation: { host: new URL(server.url).host, origin: new URL(server.url).origin },
});

beforeAll(async () => {
  server = await startServer();
  ({ owner, cnfts } = await fundOwner(server));
  trash = server.solback.config.trashWallet;
  connection = new Connection(`${server.url}/api/rpc`, {
    commitment: 'confirmed',
    wsEndpoint: `${server.url.replace('http', 'ws')}/api/rpc`,
  });
  page = await startPageApi(server.url);
}, 60_000);
beforeEach(() => {
  page.requests.length = 0;
  page.rewrite(null);
});
afterAll(async () => {
  await page.close();
  await server.close();
});

it('reads depth and canopy from the tree account as spl-account-compression does', async () => {
  const info = await connection.getAccountInfo(new PublicKey(cnfts[0].tree));
  const ours = treeShapeFromAccount(info!.data);
  const theirs = ConcurrentMerkleTreeAccount.fromBuffer(info!.data);
  expect(ours).toEqual({
    maxDepth: theirs.getMaxDepth(),
    maxBufferSize: theirs.getMaxBufferSize(),
    canopyDepth: theirs.getCanopyDepth(),
  });
  expect(Buffer.from(treeRootFromAccount(info!.data))).toEqual(theirs.getCurrentRoot());
});

it('standard trash: a wallet-signed Bubblegum transfer with a fresh, canopy-truncated proof → TRASH_WALLET owns it', async () => {
  const calls: string[] = [];
  const out = await standardTrash(deps(keyWallet(owner, calls)), cnfts[1].assetId);
  expect(out).toMatchObject({ status: 'success', method: 'standard' });
  expect(calls).toEqual(['signTransaction']);
  expect((await ownerOf(server, cnfts[1].assetId)).owner).toBe(trash);
});

it('a rejection in the wallet is a cancellation and stops the fallback chain', async () => {
  const w = keyWallet(owner);
  w.signTransaction = async () => {
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
  };
  const err = await trashWithFallback(deps(w), cnfts[2].assetId).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SigningRejectedError);
  expect(cnftFailureText(err)).toBe(CNFT_ERRORS.cancelledByUser); // 'Transaction was cancelled by the user'
  expect((await ownerOf(server, cnfts[2].assetId)).owner).toBe(owner.publicKey.toBase58());
});

it('fallback chain: standard and fixed failing offer the 1000-lamport hide; declined nothing is sent, accepted it is labelled hidden (not moved)', async () => {
  // A server that answers with a proof that does not match the tree: every way that needs the proof fails.
  page.rewrite((path, answer) => {
    if (path.startsWith('helius/asset-proof/'))
      return {
        success: true,
        data: { proof: ['11111111111111111111111111111111'], root: '11111111111111111111111111111111' },
      };
    if (!path.startsWith('helius/asset/')) return undefined;
    const a = answer as { data: { compression: Record<string, unknown> } };
    a.data.compression.proof = ['11111111111111111111111111111111'];
    a.data.compression.root = '11111111111111111111111111111111';
    return a;
  });
  // A fresh local trash wallet holds nothing; 1000 lamports alone would be below rent (on mainnet it is funded).
  await server.solback.rpc.call('requestAirdrop', [trash, 1_000_000_000]);
  const before = await connection.getBalance(new PublicKey(trash));
  const ownerBefore = await connection.getBalance(owner.publicKey);
  // PRODUCT difference 8: never run unasked. No question → no hide; a no → HideDeclinedError and 0 lamports moved.
  await expect(trashWithFallback(deps(keyWallet(owner)), cnfts[2].assetId)).rejects.toThrow(/All trash methods failed/);
  const asked: string[][] = [];
  const declined = await trashWithFallback(deps(keyWallet(owner)), cnfts[2].assetId, {
    askHide: async (reasons) => (asked.push(reasons), false),
  }).catch((e: unknown) => e);
  expect((declined as Error).name).toBe('HideDeclinedError');
  expect(asked).toHaveLength(1);
  expect(asked[0].map((r) => r.split(':')[0])).toEqual(['standard', 'fixed']);
  expect(await connection.getBalance(owner.publicKey)).toBe(ownerBefore);
  expect(await connection.getBalance(new PublicKey(trash))).toBe(before);
  const out = await trashWithFallback(deps(keyWallet(owner)), cnfts[2].assetId, {
    askHide: async () => true,
  });
  expect(out).toMatchObject({ status: 'hidden', method: 'basic', message: CNFT_OUTCOMES.basicFallbackHidden });
  expect((await connection.getBalance(new PublicKey(trash))) - before).toBe(1000);
  expect((await ownerOf(server, cnfts[2].assetId)).owner).toBe(owner.publicKey.toBase58()); // hidden, not moved
  await expect(
    basicFallback({ ...deps(keyWallet(owner)), wallet: { publicKey: null } }, cnfts[2].assetId),
  ).rejects.toThrow('Wallet not connected or missing signTransaction method');
});

it('robust method: the pasted key signs in the page; the server receives only the signed transaction', async () => {
  const seen = page.requests;
  const pasted = bs58.encode(owner.secretKey);
  const { keypair, address } = parsePrivateKey(pasted);
  expect(address).toBe(owner.publicKey.toBase58());
  const out = await robustTrash(
    { connection, dispatch: page.store.dispatch, trashWallet: trash, delay: noPauses },
    keypair,
    cnfts[3].assetId,
  );
  expect(out.status).toBe('success');
  expect(out.explorerUrl).toContain(out.signature);
  expect((await ownerOf(server, cnfts[3].assetId)).owner).toBe(trash);
  for (const r of seen) {
    expect(r.body).not.toContain(pasted);
    expect(r.path + r.body).not.toMatch(/private/i);
  }
  expect(seen.find((r) => r.path === 'robust-transfer')!.body).toMatch(/signedTransaction/);
});

it('owner burn: a Bubblegum burn signed by the wallet → getAsset reports it burnt', async () => {
  const out = await ownerBurn(deps(keyWallet(owner)), cnfts[4].assetId);
  expect(out).toMatchObject({ status: 'success', method: 'burn' });
  expect((await ownerOf(server, cnfts[4].assetId)).burnt).toBe(true);
});

it('delegation before a queue: one approval for the not-yet-delegated assets; the delegated one is skipped', async () => {
  const calls: string[] = [];
  const delegate = server.solback.delegate!.publicKey.toBase58();
  const done = await delegateForQueue(deps(keyWallet(owner, calls)), [cnfts[0].assetId, cnfts[5].assetId], delegate);
  expect(done).toEqual([cnfts[5].assetId]);
  expect((await ownerOf(server, cnfts[5].assetId)).delegate).toBe(delegate);
  expect(calls).toEqual(['signTransaction']); // one transaction: the wallet's single-sign path
});

it('delegated transfer: the owner signs the text, the server moves it as delegate', async () => {
  await expect(delegatedTrash(deps({ publicKey: owner.publicKey.toBase58() }), cnfts[0].assetId, null)).rejects.toThrow(
    VALIDATION.walletRequiredSigning,
  );
  const steps: string[] = [];
  const res = await delegatedTrash(deps(keyWallet(owner)), cnfts[0].assetId, null, (s) => steps.push(s));
  expect(steps).toEqual(['signing', 'transferring']);
  expect(res.signature).toBeTruthy();
  expect((await ownerOf(server, cnfts[0].assetId)).owner).toBe(trash);
});

it('delegated transfer from a wallet without signMessage (PRODUCT difference 11): a memo transaction signed, never sent', async () => {
  const { owner: o2, cnfts: c2 } = await fundOwner(server);
  const calls: string[] = [];
  const { signMessage: _none, ...noMessages } = keyWallet(o2, calls);
  const before = await connection.getBalance(o2.publicKey);
  const seen = page.requests;
  const res = await delegatedTrash(deps(noMessages), c2[0].assetId, null);
  expect(res.signature).toBeTruthy();
  expect(calls).toEqual(['signTransaction']);
  expect((await ownerOf(server, c2[0].assetId)).owner).toBe(trash);
  const body = JSON.parse(seen.find((r) => r.path === 'delegated-transfer')!.body);
  expect(body.signedMessage).toBeUndefined();
  const memoTx = Transaction.from(Buffer.from(body.signedTransaction, 'base64'));
  expect(Buffer.from(memoTx.instructions[0].data).toString()).toBe(body.message);
  const status = await connection.getSignatureStatuses([bs58.encode(memoTx.signature!)], {
    searchTransactionHistory: true,
  });
  expect(status.value[0]).toBeNull();
  // The server delegate paid the transfer: the owner's lamports did not move at all.
  expect(await connection.getBalance(o2.publicKey)).toBe(before);
});
