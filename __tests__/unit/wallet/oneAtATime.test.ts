// A wallet that refuses batches (Phantom's "Request blocked" for sites it has not reviewed): the signing path asks one
// transaction per request, in order, with "Approve k of n" in the store and a Stop; the store remembers the wallet's
// answer for the session, so the next action asks one at a time straight away; a refusal by the user is no batch
// refusal. A fresh store per test (its wallet port carries the session), the recording wallet and chain of
// signingPathSupport.ts.
import { makeStore } from '../../../src/app/store';
import { ONE_AT_A_TIME } from '../../../src/common/texts';
import { signAndSend } from '../../../src/features/wallet/wallet/signing';
import { SigningRejectedError, SigningStoppedError } from '../../../src/features/wallet/wallet/signingErrors';
import { walletDisconnected } from '../../../src/app/events';
import {
  oneAtATimeStopPressed,
  selectOneAtATime,
  selectRefusesBatches,
} from '../../../src/features/wallet/wallet/walletSlice';
import { chain, never, owner, recordingWallet, request, tx } from './signingPathSupport';

const BLOCKED = 'Request blocked. This dApp could be malicious. (RELIABLE_SIMULATION_NOT_POSSIBLE)';
const refusesBatches = (amounts: number[]) => (amounts.length > 1 ? new Error(BLOCKED) : undefined);

/** A fresh store whose wallet port is a recording wallet; every "Approve k of n" the store showed, in order. */
function setUp(refuse: (amounts: number[]) => Error | undefined, onAsk?: (store: Store, amounts: number[]) => void) {
  const store = makeStore();
  const shown: string[] = ['none'];
  store.subscribe(() => {
    const p = selectOneAtATime(store.getState());
    const text = p ? ONE_AT_A_TIME.progress(p.current, p.total) : 'none';
    if (shown[shown.length - 1] !== text) shown.push(text);
  });
  const wallet = recordingWallet(
    'sendOnly',
    (amounts) => (onAsk?.(store, amounts), refuse(amounts)),
    store.extra.wallet,
  );
  const c = chain();
  const run = (amounts: number[], log: string[] = []) =>
    signAndSend(
      { wallet: store.extra.wallet, delay: never, connection: c.connection },
      request(c, amounts.map(tx), log),
    );
  return { store, wallet, shown, run, c };
}
type Store = ReturnType<typeof makeStore>;

it('a batch refusal: one refused request, then one per transaction in order, with progress; all land', async () => {
  const { store, wallet, shown, run } = setUp(refusesBatches);
  const log: string[] = [];
  const sent = await run([1, 2, 3], log);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[1, 2, 3], [1], [2], [3]]);
  expect(shown).toEqual(['none', 'Approve 1 of 3', 'Approve 2 of 3', 'Approve 3 of 3', 'none']);
  expect(sent.map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1', 'landed 2']);
  expect(selectRefusesBatches(store.getState())).toBe(true);
});

it('remembered for the session: the next action asks one at a time at once; a new connection forgets it', async () => {
  const { store, wallet, run } = setUp(refusesBatches);
  await run([1, 2]);
  wallet.calls.length = 0;
  await run([4, 5]);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[4], [5]]); // no refused request this time
  store.dispatch(walletDisconnected());
  wallet.calls.length = 0;
  await run([6, 7]);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[6, 7], [6], [7]]);
});

it("the user's rejection of a batch is no batch refusal: nothing more is asked and nothing remembered", async () => {
  const { store, wallet, run } = setUp(() => new Error('User rejected the request.'));
  const err = await run([1, 2, 3]).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(SigningRejectedError);
  expect(wallet.calls).toHaveLength(1);
  expect(selectRefusesBatches(store.getState())).toBe(false);
});

it('a single transaction refused is a failure, not a batch refusal', async () => {
  const { store, wallet, run } = setUp(() => new Error(BLOCKED));
  await expect(run([1])).rejects.toThrow(BLOCKED);
  expect(wallet.calls).toHaveLength(1);
  expect(selectRefusesBatches(store.getState())).toBe(false);
});

it('Stop during approval 2 of 5: no third request; the two sent are confirmed and reported, nothing else', async () => {
  const { wallet, shown, run } = setUp(refusesBatches, (store, amounts) => {
    if (amounts.length === 1 && amounts[0] === 2) store.dispatch(oneAtATimeStopPressed());
  });
  const log: string[] = [];
  const err = (await run([1, 2, 3, 4, 5], log).catch((e: unknown) => e)) as SigningStoppedError;
  expect(err).toBeInstanceOf(SigningStoppedError);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[1, 2, 3, 4, 5], [1], [2]]);
  expect([err.sent, err.total, err.reason]).toEqual([2, 5, undefined]);
  expect(err.message).toBe(ONE_AT_A_TIME.stopped(2, 5));
  expect((err.result as unknown[]).length).toBe(2);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1']);
  expect(shown).toEqual(['none', 'Approve 1 of 5', 'Approve 2 of 5', 'none']);
});

it('the user declines transaction 3 of 4: the two before it are reported as landed, the error says so', async () => {
  const { run } = setUp((amounts) =>
    amounts.length > 1 ? new Error(BLOCKED) : amounts[0] === 3 ? new Error('User rejected the request.') : undefined,
  );
  const log: string[] = [];
  const err = (await run([1, 2, 3, 4], log).catch((e: unknown) => e)) as SigningStoppedError;
  expect(err).toBeInstanceOf(SigningStoppedError);
  expect([err.sent, err.total]).toEqual([2, 4]);
  expect(err.reason).toBeInstanceOf(SigningRejectedError);
  expect(err.message).toBe(ONE_AT_A_TIME.endedPartWay(2, 4, true));
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1']);
});

it('declining the first of the one-at-a-time requests is a plain rejection (nothing was sent)', async () => {
  const { run } = setUp((amounts) => (amounts.length > 1 ? new Error(BLOCKED) : new Error('User rejected')));
  await expect(run([1, 2])).rejects.toBeInstanceOf(SigningRejectedError);
});

it('each request after the first carries a blockhash fetched right before it is asked (the page builds them)', async () => {
  const { wallet, run } = setUp(refusesBatches);
  await run([1, 2, 3]);
  const [batch, ...singles] = wallet.blockhashes;
  expect(singles.map((b) => b.length)).toEqual([1, 1, 1]);
  expect(singles[0][0]).toBe(batch[0]); // the first is asked at once, with the request's own blockhash
  expect(new Set([batch[0], singles[1][0], singles[2][0]]).size).toBe(3);
});

it('an approval that outlasted its blockhash (nothing of it sent) is asked once more with a fresh one; all land', async () => {
  let expiredOnce = false;
  const { wallet, run } = setUp((amounts) => {
    if (amounts.length > 1) return new Error(BLOCKED);
    if (amounts[0] === 2 && !expiredOnce) return ((expiredOnce = true), new Error('Blockhash not found'));
    return undefined;
  });
  const log: string[] = [];
  const sent = await run([1, 2, 3], log);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[1, 2, 3], [1], [2], [2], [3]]);
  expect(wallet.blockhashes[3][0]).not.toBe(wallet.blockhashes[2][0]);
  expect(sent.map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
  expect(log.filter((l) => l.startsWith('landed'))).toEqual(['landed 0', 'landed 1', 'landed 2']);
});

it('a blockhash that expired again on the second ask: said as such, with what was sent', async () => {
  const { wallet, run } = setUp((amounts) =>
    amounts.length > 1 ? new Error(BLOCKED) : amounts[0] === 2 ? new Error('Blockhash not found') : undefined,
  );
  const err = (await run([1, 2, 3]).catch((e: unknown) => e)) as SigningStoppedError;
  expect(wallet.calls.map((c) => c.amounts)).toEqual([[1, 2, 3], [1], [2], [2]]);
  expect(err.message).toBe(ONE_AT_A_TIME.expiredPartWay(1, 3));
});

it("server-built transactions ('keep') keep the server's blockhash one at a time; an expiry ends the run part-way", async () => {
  const store = makeStore();
  const wallet = recordingWallet(
    'sendOnly',
    (amounts) =>
      amounts.length > 1 ? new Error(BLOCKED) : amounts[0] === 2 ? new Error('Blockhash not found') : undefined,
    store.extra.wallet,
  );
  const c = chain();
  const built = [1, 2, 3].map((n) => Object.assign(tx(n), { recentBlockhash: owner.publicKey.toBase58() }));
  const err = (await signAndSend(
    { wallet: store.extra.wallet, delay: never, connection: c.connection },
    request(c, built, [], { blockhash: 'keep' }),
  ).catch((e: unknown) => e)) as SigningStoppedError;
  expect(wallet.calls.map((call) => call.amounts)).toEqual([[1, 2, 3], [1], [2]]);
  expect(new Set(wallet.blockhashes.flat())).toEqual(new Set([owner.publicKey.toBase58()]));
  expect(err.message).toBe(ONE_AT_A_TIME.expiredPartWay(1, 3));
});

it('a sign-and-send request whose blockhash ran out is no batch refusal: asked again, whole, with a fresh one', async () => {
  let expiredOnce = false;
  const { store, wallet, run } = setUp(() =>
    expiredOnce ? undefined : ((expiredOnce = true), new Error('Transaction simulation failed: Blockhash not found')),
  );
  const sent = await run([1, 2, 3]);
  expect(wallet.calls.map((c) => c.amounts)).toEqual([
    [1, 2, 3],
    [1, 2, 3],
  ]);
  expect(wallet.blockhashes[1][0]).not.toBe(wallet.blockhashes[0][0]);
  expect(sent).toHaveLength(3);
  expect(selectRefusesBatches(store.getState())).toBe(false);
});
