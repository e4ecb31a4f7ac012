/**
 * @jest-environment node
 */
// "More SOL" sent by the server that stops part-way: the server relays the signed transactions one by one and stops
// at the first that does not land. The page then says how many landed and what came back, as the chain recorded it
// (getTransaction's balances), and the activity log holds that figure and that count: never "Recovery failed" alone,
// never the figure of the whole request. Real app, real local chain, a Keypair wallet; the second transaction is
// made to fail by emptying one of its accounts after the guard and the review passed (between signing and sending).
import bs58 from 'bs58';
import { Keypair } from '@solana/web3.js';
import { exactSol } from '../../../src/chain/format';
import { RECOVERY_SECTION } from '../../../src/common/texts/recoveryTexts';
import { recoveryRequested } from '../../../src/features/recover/recovery/recoverySlice';
import { type Chain, connectedStore, keypairWallet, startChain } from '../burn/support/burnHarness';
import { until } from '../../support/until';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
}, 60_000);
afterAll(() => chain?.close());

it('a part-way stop reports the transactions that landed and the wallet’s exact gain from them', async () => {
  const owner = Keypair.generate();
  const ownerAddress = owner.publicKey.toBase58();
  const buffers: string[] = [];
  const stakes: string[] = [];
  // Enough sources that their recovery needs several transactions (one holds about a dozen).
  for (let i = 0; i < 12; i++) {
    const { manifest } = (await chain.api('localnet/fund', { owner: ownerAddress, profile: 'demo' })).body;
    buffers.push(manifest.recovery.buffer);
    stakes.push(manifest.recovery.stakeInactive, manifest.recovery.nonce);
  }
  let emptied: string | undefined;
  const wallet = keypairWallet(owner, {
    // Signed, not yet sent: one account the second transaction recovers disappears, so that transaction fails.
    afterSign: async () => {
      const second = wallet.signed[0][1];
      const chosen = [...buffers, ...stakes];
      emptied = second
        ?.compileMessage()
        .accountKeys.map((k) => k.toBase58())
        .find((k) => chosen.includes(k));
      if (emptied) chain.solback.localnet!.chain.setAccount(emptied, { lamports: 0 });
    },
  });
  const store = await connectedStore(chain, wallet);
  const before = await chain.connection.getBalance(owner.publicKey);
  store.dispatch(recoveryRequested({ ask: { scope: 'chosen', addresses: [...buffers, ...stakes] } }));
  await until(() => store.getState().recovery.status !== 'processing', 120_000);

  const sent = wallet.signed[0];
  expect(sent.length).toBeGreaterThanOrEqual(2); // the request needs several transactions
  expect(emptied).toBeDefined();
  const change = (await chain.connection.getBalance(owner.publicKey)) - before;
  // Only the first landed: its own record on the chain is the figure.
  const first = await chain.connection.getTransaction(bs58.encode(sent[0].signature!), {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const i = first!.transaction.message.staticAccountKeys.findIndex((k) => k.equals(owner.publicKey));
  expect(first!.meta!.postBalances[i] - first!.meta!.preBalances[i]).toBe(change);
  const { status, message } = store.getState().recovery;
  expect(status).toBe('done');
  expect(message).toContain(`1 of ${sent.length} transactions landed; the other ${sent.length - 1} did not.`);
  expect(message).toContain(RECOVERY_SECTION.done(exactSol(change), '').slice(0, -1));
  expect(store.getState().activity.entries[0]).toMatchObject({ type: 'recovery', lamports: change, transactions: 1 });
}, 180_000);
