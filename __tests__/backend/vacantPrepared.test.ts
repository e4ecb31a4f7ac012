// What the server prepared (backend/services/vacant/vacantPrepared.ts): at most MAX_PREPARED messages, the oldest prepared
// dropped first even when it was read since, each forgotten PREPARED_TTL_MS after it was prepared.
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { MAX_PREPARED, PREPARED_TTL_MS, PreparedBurnStore } from '../../backend/services/vacant/vacantPrepared';
import { addWalletGuards } from '../../src/chain/walletAdditions';

const payer = Keypair.generate().publicKey;
const transfer = (lamports: number, to = PublicKey.default) =>
  SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports });
const transaction = (n: number) =>
  new Transaction({ feePayer: payer, recentBlockhash: PublicKey.default.toBase58() }).add(transfer(n + 1));
const message = (n: number) => transaction(n).serializeMessage();
const burn = (owner: string) => ({ owner, feeWallet: 'fee', accounts: [], serviceFee: 0 });

it('holds at most MAX_PREPARED; the oldest prepared goes first, reads do not keep it', () => {
  const store = new PreparedBurnStore(() => 1_000);
  for (let i = 0; i < MAX_PREPARED; i++) store.remember(message(i), burn(`o${i}`));
  expect(store.get(message(0))).toEqual(burn('o0'));
  store.remember(message(MAX_PREPARED), burn('newest'));
  expect(store.size).toBe(MAX_PREPARED);
  expect(store.get(message(0))).toBeUndefined();
  expect(store.get(message(1))).toEqual(burn('o1'));
  expect(store.get(message(MAX_PREPARED))).toEqual(burn('newest'));
});

it('forgets a message PREPARED_TTL_MS after it was prepared, and at once when relayed', () => {
  let now = 1_000;
  const store = new PreparedBurnStore(() => now);
  store.remember(message(1), burn('a'));
  store.remember(message(2), burn('b'));
  now += PREPARED_TTL_MS;
  expect(store.get(message(1))).toEqual(burn('a'));
  store.forget(message(2));
  expect(store.get(message(2))).toBeUndefined();
  now += 1;
  expect(store.get(message(1))).toBeUndefined();
});

it("finds a prepared message under a wallet's additions, and nothing once anything else was added", () => {
  const store = new PreparedBurnStore(() => 1_000);
  store.remember(message(7), burn('a'));
  const guarded = addWalletGuards(transaction(7));
  expect(store.get(guarded.serializeMessage())).toEqual(burn('a'));
  const moved = addWalletGuards(transaction(7)).add(transfer(1, Keypair.generate().publicKey));
  expect(store.get(moved.serializeMessage())).toBeUndefined();
  store.forget(guarded.serializeMessage());
  expect(store.get(message(7))).toBeUndefined();
});
