/**
 * @jest-environment node
 */
// A burn's success line takes its figure from the chain's record of the transaction (getTransaction's balances). A
// node may confirm a moment before that record can be read: the page waits for it, and when it still has none, the
// line says the figure is not known, never the review's network-fee estimate presented as what happened.
import { Keypair } from '@solana/web3.js';
import { exactSol } from '../../../src/chain/format';
import { burnSuccess, burnSuccessPending, netParts } from '../../../src/common/texts';
import { burnSuccessText, type ConfirmedBurn } from '../../../src/features/burn/burn/burnRecord';
import { ownerChangeWhenRecorded, RECORD_WAIT } from '../../../src/features/wallet/wallet/landedChange';

const owner = Keypair.generate().publicKey;
const other = Keypair.generate().publicKey;
const RENT = 2_039_280;
const FEE = 5_000; // the network fee the chain charged
const PRE = 1_000_000;

/** A node whose record of the transaction can be read from its `recordedAt`-th read on (Infinity: never). */
function laggingNode(recordedAt: number) {
  let reads = 0;
  return {
    reads: () => reads,
    getTransaction: async () => {
      reads += 1;
      if (reads < recordedAt) return null;
      return {
        transaction: { message: { staticAccountKeys: [owner, other] } },
        meta: { preBalances: [PRE, RENT], postBalances: [PRE + RENT - FEE, 0] },
      };
    },
  } as any;
}

const burn: ConfirmedBurn = {
  kind: 'token',
  owner: owner.toBase58(),
  mints: ['mint'],
  signatures: ['sig'],
  rentLamports: RENT,
  serviceFeeLamports: 0,
  what: 'the token XYZ',
  activity: { type: 'token-burn', title: 'Token burned', description: 'XYZ' },
};

it('waits for the chain’s record: the figure is the recorded change, the network fee what it leaves', async () => {
  const node = laggingNode(3);
  const waits: number[] = [];
  const change = await ownerChangeWhenRecorded(node, owner.toBase58(), ['sig'], async (ms) => waits.push(ms));
  expect(change).toBe(RENT - FEE);
  expect(waits).toEqual([RECORD_WAIT.ms, RECORD_WAIT.ms]);
  expect(burnSuccessText(burn, change, 'sig')).toBe(
    burnSuccess('the token XYZ', exactSol(RENT - FEE), netParts(exactSol(RENT), null, exactSol(FEE)), 'sig'),
  );
});

it('no record after the wait: the line says the figure is pending and states no network fee or gain', async () => {
  const node = laggingNode(Infinity);
  const change = await ownerChangeWhenRecorded(node, owner.toBase58(), ['sig'], async () => undefined);
  expect(change).toBeUndefined();
  expect(node.reads()).toBe(RECORD_WAIT.tries); // it asked, waited and asked again, then stopped
  const text = burnSuccessText(burn, change, 'sig');
  expect(text).toBe(burnSuccessPending('the token XYZ', 'sig'));
  expect(text).not.toMatch(/\d+\.\d+ SOL/);
});
