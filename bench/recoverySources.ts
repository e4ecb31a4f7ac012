// The recovery sources (PRODUCT difference 19) on the demo wallet: SOL back per kind before this work (none: no
// source was recovered) and after (what one prepare + one approval returns, then the table's close after its
// cooldown), and completeness = returned ÷ recoverable (what GET /api/recoverable listed, the table's balance
// included). Every figure is a chain change read here, never the server's answer.
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import type { RecoverableSource } from '../src/common/api';
import { type Bench, fund, get, lamportsOf, post, sum } from './support';

export interface RecoverySourcesResult {
  /** Per kind: lamports listed as recoverable, and returned (chain change of the source accounts). */
  perKind: Record<string, { recoverable: number; returned: number; before: number }>;
  recoverable: number;
  returned: number;
  completeness: number;
  ownerDelta: number;
  serviceFee: number;
  approvals: number;
}

async function recover(b: Bench, owner: Keypair, accounts: string[]) {
  const prepared = await post(b, 'prepare-recovery', { ownerAddress: owner.publicKey.toBase58(), accounts });
  if (!prepared.success) throw new Error(`prepare-recovery: ${prepared.error}`);
  const signed = (prepared.transactions as string[]).map((t) => {
    const tx = VersionedTransaction.deserialize(Buffer.from(t, 'base64'));
    tx.sign([owner]);
    return Buffer.from(tx.serialize()).toString('base64');
  });
  const res = await post(b, 'submit-burn-transaction', { signedTransactions: signed });
  if (!res.success) throw new Error(`submit-burn-transaction: ${res.error}`);
  return { fee: sum(prepared.feesPerTransactionLamports as number[]), transactions: signed.length };
}

export async function measureRecoverySources(b: Bench): Promise<RecoverySourcesResult> {
  const owner = Keypair.generate();
  const address = owner.publicKey.toBase58();
  await fund(b, address, 'demo');
  const listed = (await get(b, `recoverable/${address}`)).sources as RecoverableSource[];
  const sources = listed.filter((s) => s.kind !== 'approval');
  const addresses = sources.map((s) => s.address);
  // What each source gives up: its account and those its plan closes beside it (an OpenBook v2 index's accounts).
  const given = sources.map((s) => [...new Set([s.address, ...(s.planAccounts ?? [])])]);
  const table = sources.find((s) => s.kind === 'lookupTable');
  const before = await lamportsOf(b, [address, ...given.flat()]);
  const first = await recover(b, owner, addresses);
  // The table's second phase: slots pass until its deactivation slot has left the slot hashes.
  const chain = b.server.app.localnet!.chain;
  const cooling = ((await get(b, `recoverable/${address}`)).sources as RecoverableSource[]).find(
    (s) => s.address === table?.address,
  );
  let second = { fee: 0, transactions: 0 };
  if (cooling?.readySlot) {
    while (chain.slot() < cooling.readySlot) chain.advanceSlot();
    second = await recover(b, owner, [cooling.address]);
  }
  const after = await lamportsOf(b, [address, ...given.flat()]);
  const perKind: RecoverySourcesResult['perKind'] = {};
  let at = 1;
  sources.forEach((s, i) => {
    const k = (perKind[s.kind] ??= { recoverable: 0, returned: 0, before: 0 });
    // A table's recoverable SOL is its whole balance, whatever phase it is in.
    k.recoverable += s.kind === 'lookupTable' ? s.lamports : s.recoverableLamports;
    k.returned += sum(given[i].map(() => before[at] - after[at++]));
  });
  const recoverable = sum(Object.values(perKind).map((k) => k.recoverable));
  const returned = sum(Object.values(perKind).map((k) => k.returned));
  return {
    perKind,
    recoverable,
    returned,
    completeness: recoverable ? returned / recoverable : 1,
    ownerDelta: after[0] - before[0],
    serviceFee: first.fee + second.fee,
    approvals: (first.transactions ? 1 : 0) + (second.transactions ? 1 : 0),
  };
}

const sol = (lamports: number) => (lamports / 1e9).toFixed(6);

export function recoverySourcesRows(r: RecoverySourcesResult): [string, string, string, string, string][] {
  const rows: [string, string, string, string, string][] = Object.entries(r.perKind).map(([kind, k]) => [
    `demo wallet: SOL back from ${kind}`,
    `${sol(k.returned)} SOL`,
    `before: ${sol(k.before)} SOL; listed ${sol(k.recoverable)}`,
    '—',
    '—',
  ]);
  rows.push([
    'recovery sources: completeness (returned ÷ recoverable)',
    r.completeness.toFixed(4),
    `${sol(r.returned)} of ${sol(r.recoverable)} SOL in ${r.approvals} approvals; fee ${sol(r.serviceFee)}`,
    '= 1',
    r.completeness === 1 ? 'met' : 'NOT met',
  ]);
  return rows;
}
