/**
 * @jest-environment node
 */
// The vacant burn (docs/PRODUCT.md#close-vacant-accounts, #error-texts, #vacant-accounts-banner) with a fresh store, a real HTTP server answering the three calls with
// real transactions, and a wallet whose key is in the test. Only the server's answers are scripted.
import { Keypair, Transaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { setApiOrigin } from '../../../src/api/baseApi';
import { makeStore } from '../../../src/app/store';
import { createAppExtra, type WalletPort } from '../../../src/app/walletPort';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { packTransactions, transactionToBase64 } from '../../../src/chain/pack';
import { closeVacantIxs } from '../../../src/chain/tokenInstructions';
import { stopStore } from '../../support/stopStore';
import { Connection, PublicKey } from '@solana/web3.js';
import { startServer, type TestServer } from '../../backend/helpers';
import { LOCAL_DEFAULT_FEE_WALLET, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { GUARD, VACANT_CONTINUE, VACANT_ERRORS, VALIDATION, vacantSuccessReport } from '../../../src/common/texts';
import { MAX_REPREPARES } from '../../../src/features/recover/vacant/continueRecovery';
import { exactSol } from '../../../src/chain/format';
import { type BurnReview, reviewConfirmed } from '../../../src/features/burn/review/reviewSlice';
import { vacantBurnRequested, vacantReset } from '../../../src/features/recover/vacant/vacantSlice';
import { startRecordingServer, type RecordingServer } from '../../support/recordingServer';
import { listenersIdle, until } from '../../support/until';
import { tokenAccountData } from '../../support/tokenAccountData';

const owner = Keypair.generate();
const OWNER = owner.publicKey.toBase58();
// The fee wallet this page was built for (src/common/builtWallets.ts): the guard refuses any other.
const FEE_WALLET = LOCAL_DEFAULT_FEE_WALLET;
const accounts = [0, 1, 2].map(() => ({
  address: Keypair.generate().publicKey.toBase58(),
  mint: Keypair.generate().publicKey.toBase58(),
  programId: TOKEN_PROGRAM,
  lamports: 2_039_280,
}));
const RENT = 3 * 2_039_280;

function preparedTransactions(feeTo = FEE_WALLET, perTx = 3, of = accounts): string[] {
  const packed = packTransactions({
    payer: OWNER,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    groups: of.map((a) => closeVacantIxs({ owner: OWNER, account: a.address, programId: a.programId })),
    prefix: (n) => computeBudgetIxs(5_000 + n * 10_000, 1),
    suffix: (idx) => feeTransferIxs(OWNER, feeTo, serviceFee(idx.length * 2_039_280)),
    maxGroupsPerTransaction: perTx,
  });
  preparedCounts = packed.map((p) => p.groupIndexes.length);
  return packed.map((p) => transactionToBase64(p.transaction));
}
let preparedCounts: number[] = [];

let server: RecordingServer;
// The chain the page's guard reads (PRODUCT difference 10): a real local chain holding the three empty accounts; the /api answers
// stay scripted by the recording server.
let chainApp: TestServer;
let connection: Connection;
function emptyTokenAccount(mint: string): Uint8Array {
  return tokenAccountData({ mint: new PublicKey(mint), owner: owner.publicKey });
}
// Node's timers keep the process alive: each store's running listeners (the 120 s signing limit) end with the test.
const stores: ReturnType<typeof makeStore>[] = [];
/** Reviews the stores opened (the user confirms each: the recovery goes through the review dialog). */
const reviews: BurnReview[] = [];
function track(store: ReturnType<typeof makeStore>) {
  stores.push(store);
  store.subscribe(() => {
    const open = store.getState().review.open;
    if (!open) return;
    reviews.push(open);
    store.dispatch(reviewConfirmed(open.id));
  });
  return store;
}
afterEach(() => {
  for (const store of stores.splice(0)) stopStore(store);
});
function extraWith(wallet: WalletPort) {
  const extra = createAppExtra(wallet);
  extra.setConnection(connection);
  return extra;
}
let submitAnswer: { status?: number; body: unknown };
let prepared: string[];
let listed: unknown;
beforeAll(async () => {
  server = await startRecordingServer();
  setApiOrigin(server.origin);
  chainApp = await startServer({}, { withIndex: false });
  connection = new Connection(`${chainApp.url}/api/rpc`, 'confirmed');
  const chain = chainApp.solback.localnet!.chain;
  chain.setAccount(OWNER, { lamports: 1_000_000_000n });
  chain.setAccount(FEE_WALLET, { lamports: 1_000_000_000n }); // on a cluster the fee wallet exists
  for (const a of accounts)
    chain.setAccount(a.address, {
      lamports: BigInt(a.lamports),
      owner: TOKEN_PROGRAM,
      data: emptyTokenAccount(a.mint),
    });
}, 120_000);
afterAll(async () => {
  await server.close();
  await chainApp.close();
});
beforeEach(() => {
  server.requests.length = 0;
  prepared = preparedTransactions();
  listed = { success: true, accountCount: 3, vacantAccounts: accounts, totalRentLamports: RENT };
  submitAnswer = {
    body: {
      success: true,
      signature: 'SIG1',
      signatures: ['SIG1'],
      accountCount: 3,
      recoveredRent: RENT / 1e9,
      recoveredRentLamports: RENT,
      serviceFeeLamports: serviceFee(RENT),
    },
  };
  server.respond((req) => {
    if (req.path === '/api/config')
      return { body: { success: true, feeWallet: FEE_WALLET, quicknodeRpcUrl: 'x', localnet: true } };
    if (req.path === '/api/burn-vacant-accounts') return { body: listed };
    if (req.path === '/api/prepare-burn-transactions')
      return {
        body: {
          success: true,
          transaction: prepared[0],
          transactions: prepared,
          accountCount: 3,
          accountCounts: preparedCounts,
        },
      };
    if (req.path === '/api/submit-burn-transaction') return submitAnswer;
    return undefined;
  });
});

function setup(sign?: WalletPort['signAllTransactions'] | null) {
  const signAll = jest.fn(
    sign ??
      (async <T>(txs: T[]) => {
        (txs as unknown as Transaction[]).forEach((t) => t.partialSign(owner));
        return txs;
      }),
  );
  const wallet: WalletPort = { publicKey: OWNER, signAllTransactions: sign === null ? undefined : (signAll as never) };
  const store = track(makeStore(undefined, extraWith(wallet)));
  return { store, signAll };
}
const requests = (path: string) => server.requests.filter((r) => r.path === path);

describe('vacant burn flow', () => {
  it('lists, prepares, checks, reviews, signs ALL with one approval, submits, and ends done with the in-page report', async () => {
    prepared = preparedTransactions(FEE_WALLET, 2); // two transactions: still one approval
    const { store, signAll } = setup();
    store.dispatch(vacantBurnRequested());
    expect(store.getState().vacant.status).toBe('processing');
    await until(() => store.getState().vacant.status !== 'processing');
    expect([store.getState().vacant.alert, store.getState().vacant.error]).toEqual([expect.anything(), null]);
    expect(store.getState().vacant.status).toBe('done');
    expect(signAll).toHaveBeenCalledTimes(1);
    expect((signAll.mock.calls[0][0] as unknown[]).length).toBe(2);
    expect(requests('/api/burn-vacant-accounts')[0].body).toEqual({
      ownerAddress: OWNER,
      signedMessage: 'simulated-signature',
    });
    expect((requests('/api/prepare-burn-transactions')[0].body as any).vacantAccounts).toEqual(
      accounts.map((a) => a.address),
    );
    const sent = requests('/api/submit-burn-transaction')[0].body as { signedTransactions: string[] };
    expect(sent.signedTransactions).toHaveLength(2);
    for (const b64 of sent.signedTransactions) {
      const tx = Transaction.from(Buffer.from(b64, 'base64'));
      expect(
        nacl.sign.detached.verify(tx.serializeMessage(), tx.signatures[0].signature!, owner.publicKey.toBytes()),
      ).toBe(true);
    }
    const net = RENT - serviceFee(RENT); // 6 117 840 − 61 178
    expect(net).toBe(6_056_662);
    // The review showed what the transactions close and pay, from the page's own chain reading; the report in the
    // page counts the network fee the review showed.
    const review = reviews[reviews.length - 1];
    expect(review).toMatchObject({ rentLamports: RENT, transactions: 2 });
    // What the two transactions pay the fee wallet, decoded: 1 % rounded down per transaction.
    expect(review.serviceFeeLamports).toBeLessThanOrEqual(serviceFee(RENT));
    expect(review.serviceFeeLamports).toBeGreaterThan(serviceFee(RENT) - 2);
    expect(review.closed).toHaveLength(3);
    expect(review.networkFeeLamports).toBeGreaterThanOrEqual(2 * 5000);
    expect(store.getState().vacant.result?.networkFeeLamports).toBe(review.networkFeeLamports);
    expect(store.getState().vacant.alert).toBe(vacantSuccessReport(3, exactSol(net - review.networkFeeLamports)));
    expect(store.getState().activity.entries[0]).toMatchObject({
      type: 'vacant-burn',
      lamports: net - review.networkFeeLamports, // what the wallet gained, as the report says
      signature: 'SIG1',
    });
  });

  it('a wallet that cannot sign several at once: the first transaction only (spec behaviour), the rest stay', async () => {
    prepared = preparedTransactions(FEE_WALLET, 2);
    const signOne = jest.fn(async (tx: Transaction) => {
      tx.partialSign(owner);
      return tx;
    });
    const store = track(makeStore(undefined, extraWith({ publicKey: OWNER, signTransaction: signOne as never })));
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(signOne).toHaveBeenCalledTimes(1);
    const sent = requests('/api/submit-burn-transaction')[0].body as {
      signedTransaction: string;
      accountCount: number;
    };
    expect(sent.signedTransaction).toBeDefined();
    expect(sent.accountCount).toBe(2); // the first transaction's accounts; the third stays for another click
  });

  it('a rejection in the wallet: "Transaction was cancelled.", nothing submitted, back to idle', async () => {
    const { store } = setup(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    });
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant).toMatchObject({ status: 'idle', alert: VACANT_ERRORS.cancelled });
    expect(requests('/api/submit-burn-transaction')).toHaveLength(0);
  });

  it('the guard refuses a transaction that pays someone else: nothing is signed', async () => {
    prepared = preparedTransactions(Keypair.generate().publicKey.toBase58());
    const { store, signAll } = setup();
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant.alert).toBe(GUARD.mismatch);
    expect(signAll).not.toHaveBeenCalled();
  });

  it('a second request while processing does nothing; Reset returns a stuck flow to idle and drops its late result', async () => {
    let release!: () => void;
    const { store, signAll } = setup(async <T>(txs: T[]) => {
      await new Promise<void>((r) => (release = r));
      (txs as unknown as Transaction[]).forEach((t) => t.partialSign(owner));
      return txs;
    });
    store.dispatch(vacantBurnRequested());
    await until(() => signAll.mock.calls.length === 1);
    const runId = store.getState().vacant.runId;
    const busy = store.runningListeners(); // the first run, waiting for the wallet
    store.dispatch(vacantBurnRequested());
    await until(() => store.runningListeners() === busy, 20_000, "the second request's listener to end");
    expect(requests('/api/burn-vacant-accounts')).toHaveLength(1);
    expect(store.getState().vacant.runId).toBe(runId);
    store.dispatch(vacantReset());
    expect(store.getState().vacant.status).toBe('idle');
    release();
    await listenersIdle(store);
    expect(requests('/api/submit-burn-transaction')).toHaveLength(0);
    expect(store.getState().vacant.status).toBe('idle');
  });

  it.each([
    ['no wallet', () => ({ wallet: null }), VALIDATION.connectWalletFirst],
    [
      'nothing to close',
      () => ({ list: { success: true, accountCount: 0, vacantAccounts: [] } }),
      VACANT_ERRORS.noneFound,
    ],
    ['listing fails with a reason', () => ({ list: { success: false, error: 'RPC down' } }), 'Error: RPC down'],
    [
      'submit: insufficient funds',
      () => ({
        submit: {
          status: 400,
          body: {
            success: false,
            error: 'Attempt to debit an account but found no record of a prior credit; insufficient funds',
          },
        },
      }),
      VACANT_ERRORS.insufficientFunds,
    ],
    [
      'submit: expired',
      () => ({ submit: { status: 400, body: { success: false, error: 'Blockhash not found' } } }),
      VACANT_ERRORS.expired,
    ],
    [
      'submit: other',
      () => ({ submit: { status: 400, body: { success: false, error: 'custom program error: 0xb' } } }),
      'Transaction failed: custom program error: 0xb',
    ],
    [
      'submit: a 200 answer with success false',
      () => ({ submit: { status: 200, body: { success: false, error: 'custom program error: 0xb' } } }),
      'Transaction failed: custom program error: 0xb',
    ],
  ])('%s → the docs/PRODUCT.md#error-texts alert', async (_name, make, text) => {
    const m = make() as { wallet?: null; list?: unknown; submit?: typeof submitAnswer };
    if (m.list) listed = m.list;
    if (m.submit) submitAnswer = m.submit;
    const { store } = setup(m.wallet === null ? null : undefined);
    if (m.wallet === null) store.extra.wallet.publicKey = null;
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant).toMatchObject({ status: 'idle', alert: text });
  });

  it('a prepare answered 200 with success false → "Error preparing transactions: <its error>"', async () => {
    server.respond((req) =>
      req.path === '/api/burn-vacant-accounts'
        ? { body: listed }
        : req.path === '/api/prepare-burn-transactions'
          ? { body: { success: false, accountCount: 0, error: 'Fee wallet unavailable' } }
          : req.path === '/api/config'
            ? { body: { success: true, feeWallet: FEE_WALLET } }
            : undefined,
    );
    const { store } = setup();
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant.alert).toBe('Error preparing transactions: Fee wallet unavailable');
    expect(requests('/api/submit-burn-transaction')).toHaveLength(0);
  });

  it('prepare failure → "Error preparing transactions: ..."', async () => {
    server.respond((req) =>
      req.path === '/api/burn-vacant-accounts'
        ? { body: listed }
        : req.path === '/api/prepare-burn-transactions'
          ? { status: 400, body: { success: false, error: 'No vacant accounts found to burn.' } }
          : req.path === '/api/config'
            ? { body: { success: true, feeWallet: FEE_WALLET } }
            : undefined,
    );
    const { store } = setup();
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant.alert).toBe('Error preparing transactions: No vacant accounts found to burn.');
  });
});

describe("the server's blockhash runs out part-way", () => {
  /** What the server records for `n` closed accounts that landed under `signatures`, the chain charging `networkFee`. */
  const landedBody = (signatures: string[], n: number, networkFee: number) => ({
    success: true,
    signature: signatures[0],
    signatures,
    accountCount: n,
    recoveredRent: (n * 2_039_280) / 1e9,
    recoveredRentLamports: n * 2_039_280,
    serviceFeeLamports: serviceFee(n * 2_039_280),
    ownerBalanceChangeLamports: n * 2_039_280 - serviceFee(n * 2_039_280) - networkFee,
  });
  /** Answers each submit in turn; a prepare after the first builds only what `left()` names. */
  function script(submits: { status?: number; body: unknown }[], left: () => typeof accounts) {
    let submitted = 0;
    server.respond((req) => {
      if (req.path === '/api/config')
        return { body: { success: true, feeWallet: FEE_WALLET, quicknodeRpcUrl: 'x', localnet: true } };
      if (req.path === '/api/burn-vacant-accounts')
        return { body: { success: true, accountCount: left().length, vacantAccounts: left() } };
      if (req.path === '/api/prepare-burn-transactions') {
        const txs = submitted === 0 ? preparedTransactions(FEE_WALLET, 2) : preparedTransactions(FEE_WALLET, 2, left());
        return {
          body: {
            success: true,
            transaction: txs[0],
            transactions: txs,
            accountCount: preparedCounts.reduce((a, b) => a + b, 0),
            accountCounts: preparedCounts,
          },
        };
      }
      if (req.path === '/api/submit-burn-transaction') return submits[Math.min(submitted++, submits.length - 1)];
      return undefined;
    });
  }

  it('the rest is prepared again from the chain, checked, asked for once more, and the report sums both rounds', async () => {
    // Round 1: two transactions (2 + 1 accounts); the first lands, the second's blockhash ran out (the server's
    // partial answer, as it sends it: HTTP 400 with what landed). Round 2: the one account left, in one transaction.
    let left = accounts;
    const expired = { ...landedBody(['SIG1'], 2, 10_000), success: false, error: 'Transaction 2: Blockhash not found' };
    script([{ status: 400, body: expired }, { body: landedBody(['SIG3'], 1, 7_000) }], () => left);
    const { store, signAll } = setup();
    const said: (string | null)[] = [];
    store.subscribe(() => {
      const { progress } = store.getState().vacant;
      if (progress && said[said.length - 1] !== progress) said.push(progress);
      if (requests('/api/submit-burn-transaction').length === 1) left = accounts.slice(2);
    });
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(store.getState().vacant.error).toBeNull();
    expect(store.getState().vacant.status).toBe('done');
    expect(said).toEqual([VACANT_CONTINUE.continuing(1, 1)]);
    expect(signAll.mock.calls.map((c) => (c[0] as unknown[]).length)).toEqual([2, 1]);
    const asked = requests('/api/prepare-burn-transactions').map((r) => (r.body as any).vacantAccounts);
    expect(asked).toEqual([accounts.map((a) => a.address), [accounts[2].address]]);
    // Every figure summed over both rounds: what the server read from the chain for each landed transaction.
    expect(store.getState().vacant.result).toMatchObject({
      accountCount: 3,
      recoveredLamports: 3 * 2_039_280,
      serviceFeeLamports: serviceFee(2 * 2_039_280) + serviceFee(2_039_280),
      networkFeeLamports: 17_000,
      signatures: ['SIG1', 'SIG3'],
    });
    const back = 3 * 2_039_280 - serviceFee(2 * 2_039_280) - serviceFee(2_039_280) - 17_000;
    expect(store.getState().vacant.alert).toBe(vacantSuccessReport(3, exactSol(back)));
    expect(store.getState().vacant.progress).toBeNull();
  });

  it(`bounded: after ${MAX_REPREPARES} fresh prepares that all ran out, the run stops with the expiry`, async () => {
    const nothing = { success: false, error: 'Blockhash not found', signatures: [] };
    script([{ status: 400, body: nothing }], () => accounts);
    const { store, signAll } = setup();
    store.dispatch(vacantBurnRequested());
    await until(() => store.getState().vacant.status !== 'processing');
    expect(signAll).toHaveBeenCalledTimes(1 + MAX_REPREPARES);
    expect(requests('/api/prepare-burn-transactions')).toHaveLength(1 + MAX_REPREPARES);
    expect(store.getState().vacant).toMatchObject({ status: 'idle', alert: VACANT_ERRORS.expired });
  });
});
