// "Recover everything" (docs/PRODUCT.md#recover-everything) on the whole-wallet fixture (the demo profile, an empty
// wrapped-SOL account, two approvals): completeness = returned ÷ the maximum (each account the wallet controls, less
// what stays at today's rent: the whole plan's listed figures, the table's whole balance), after the one request and
// after the table's second step, with the transactions and wallet approvals it took, beside the other tools' figures
// on the same wallet (measured by hand with each tool's own flows, 2026; they cannot run here). Every returned figure
// is a chain change read here (the owner's balance and the landed transactions' fees), never the server's answer.
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import type { RecoverableSource } from '../src/common/api';
import { makeWholeWallet } from '../__tests__/support/wholeWallet';
import { type Bench, fund, get, lamportsOf, post, sum } from './support';

/** Each peer on the same wallet: share of the maximum, transactions, approvals. */
const WHOLE_WALLET_PEERS = [
  { name: 'SolBack before (banner, More SOL, table step)', completeness: 0.969, transactions: 4, approvals: 3 },
  { name: 'cryptoloutre + RentBack', completeness: 0.155, transactions: 2, approvals: 2 },
  { name: 'kurtdeleon', completeness: 0.075, transactions: 1, approvals: 1 },
  { name: 'sol.repair (refused on the withheld-fee account)', completeness: 0, transactions: 1, approvals: 1 },
];

export interface RecoverEverythingResult {
  maximum: number;
  /** After the one request, and after the table's close. */
  returnedFirst: number;
  returned: number;
  transactions: number;
  approvals: number;
}

/**
 * One request of the whole plan: what came back is the owner's change before the fees it paid (service fee from the
 * answer's transfers, network fee from the chain's record): a reward comes from a program's vault, not its account.
 */
async function everything(b: Bench, owner: Keypair): Promise<{ transactions: number; returned: number }> {
  const address = owner.publicKey.toBase58();
  const prepared = await post(b, 'prepare-recovery', { ownerAddress: address, everything: true });
  if (!prepared.success) throw new Error(`prepare-recovery: ${prepared.error}`);
  const signed = (prepared.transactions as string[]).map((t) => {
    const tx = VersionedTransaction.deserialize(Buffer.from(t, 'base64'));
    tx.sign([owner]);
    return Buffer.from(tx.serialize()).toString('base64');
  });
  const [before] = await lamportsOf(b, [address]);
  const res = await post(b, 'submit-burn-transaction', { signedTransactions: signed }); // one request
  if (!res.success) throw new Error(`submit-burn-transaction: ${res.error}`);
  const [after] = await lamportsOf(b, [address]);
  let networkFees = 0;
  for (const signature of res.signatures as string[]) {
    const landed = await b.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    networkFees += landed?.meta?.fee ?? 0;
  }
  const serviceFee = sum(prepared.feesPerTransactionLamports as number[]);
  return { transactions: signed.length, returned: after - before + serviceFee + networkFees };
}

export async function measureRecoverEverything(b: Bench): Promise<RecoverEverythingResult> {
  const owner = Keypair.generate();
  const address = owner.publicKey.toBase58();
  const { manifest } = await fund(b, address, 'demo');
  await makeWholeWallet(b.connection, owner, manifest);
  const plan = (await get(b, `recoverable/${address}?scope=all`)).sources as RecoverableSource[];
  const maximum = sum(plan.map((s) => (s.kind === 'lookupTable' ? s.lamports : s.recoverableLamports)));
  const first = await everything(b, owner);
  // The second step: slots pass until the table's deactivation slot has left the slot hashes.
  const chain = b.server.app.localnet!.chain;
  const table = ((await get(b, `recoverable/${address}?scope=all`)).sources as RecoverableSource[]).find(
    (s) => s.kind === 'lookupTable',
  );
  let second = { transactions: 0, returned: 0 };
  if (table?.readySlot) {
    while (chain.slot() < table.readySlot) chain.advanceSlot();
    second = await everything(b, owner);
  }
  return {
    maximum,
    returnedFirst: first.returned,
    returned: first.returned + second.returned,
    transactions: first.transactions + second.transactions,
    approvals: (first.transactions ? 1 : 0) + (second.transactions ? 1 : 0),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

export function recoverEverythingRows(r: RecoverEverythingResult): [string, string, string, string, string][] {
  const firstShare = r.returnedFirst / r.maximum;
  return [
    [
      'whole wallet: Recover everything, one approval',
      `${pct(firstShare)} (${r.returnedFirst.toLocaleString('en-US')} of ${r.maximum.toLocaleString('en-US')} lamports)`,
      WHOLE_WALLET_PEERS.map((p) => `${p.name} ${pct(p.completeness)}`).join('; '),
      '≥ 99 % in 1 approval',
      firstShare >= 0.99 ? 'met' : 'NOT met',
    ],
    [
      'whole wallet: with the table’s second step',
      `${pct(r.returned / r.maximum)}; ${r.transactions} transactions, ${r.approvals} approvals`,
      WHOLE_WALLET_PEERS.map((p) => `${p.name}: ${p.transactions} tx, ${p.approvals} approvals`).join('; '),
      '100 %, 2 approvals',
      r.returned === r.maximum && r.approvals === 2 ? 'met' : 'NOT met',
    ],
  ];
}
