// The empty-account recovery goes through the same review dialog as the burns (reviewStep.ts): what is closed, what
// is left alone and why, the rent and the surplus that come back, the 1 % service fee and the network fee — which,
// when SolBack's relayer pays it, covers two signatures per transaction and is repaid by the owner in the same
// transaction. Every figure is the page's own: decoded from the very transactions the wallet will sign, lamports
// and rent minimums read from the chain (never the server's answer), the SOL change simulated by the chain.
import { PublicKey, type Connection, type Transaction } from '@solana/web3.js';
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { decodeTransaction } from '../../../chain/decode';
import { isTokenProgram } from '../../../chain/keys';
import { isWithdrawExcessIx } from '../../../chain/withdrawExcess';
import { SYSTEM_PROGRAM } from '../../../common/addresses';
import { leftAloneText } from '../../../common/texts';
import type { SkippedVacantAccount } from '../../../common/api';
import { reviewBeforeSigning } from '../../burn/review/reviewStep';

const CLOSE_ACCOUNT_TAG = 9; // SPL Token and Token-2022 CloseAccount
const SYSTEM_TRANSFER_TAG = 2; // SystemInstruction::Transfer (u32 little-endian), then lamports (u64)

export interface VacantReviewPlan {
  owner: string;
  txs: Transaction[];
  feeWallet: string;
  skipped: SkippedVacantAccount[];
  relayed: boolean;
}

/** What the transactions close, drain of surplus, and pay the fee wallet, as decoded. */
export function vacantEffects(txs: readonly Transaction[], feeWallet: string) {
  const closed: { account: string; programId: string }[] = [];
  const drained: string[] = [];
  let serviceFee = 0n;
  for (const tx of txs)
    for (const ix of decodeTransaction(tx).instructions) {
      const first = ix.accounts[0]?.pubkey;
      if (isTokenProgram(ix.programId) && ix.data[0] === CLOSE_ACCOUNT_TAG && first)
        closed.push({ account: first, programId: ix.programId });
      else if (isWithdrawExcessIx(ix.programId, ix.data) && first) drained.push(first);
      else if (
        ix.programId === SYSTEM_PROGRAM &&
        ix.data.length === 12 &&
        ix.data[0] === SYSTEM_TRANSFER_TAG &&
        ix.accounts[1]?.pubkey === feeWallet
      )
        serviceFee += Buffer.from(ix.data).readBigUInt64LE(4);
    }
  return { closed, drained, serviceFee: Number(serviceFee) };
}

async function chainLamports(connection: Connection, addresses: string[]) {
  const infos = [];
  for (let i = 0; i < addresses.length; i += 100)
    infos.push(
      ...(await connection.getMultipleAccountsInfo(
        addresses.slice(i, i + 100).map((a) => new PublicKey(a)),
        'confirmed',
      )),
    );
  return infos;
}

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

/** Opens the review for this recovery and resolves when the user confirms (throws ReviewCancelledError on cancel). */
export async function reviewVacant(api: AppListenerEffectAPI, connection: Connection, plan: VacantReviewPlan) {
  const { closed, drained, serviceFee } = vacantEffects(plan.txs, plan.feeWallet);
  const [closedInfos, drainedInfos] = await Promise.all([
    chainLamports(
      connection,
      closed.map((c) => c.account),
    ),
    chainLamports(connection, drained),
  ]);
  const rent = closedInfos.reduce((s, info) => s + (info?.lamports ?? 0), 0);
  let surplus = 0;
  for (const info of drainedInfos) {
    if (!info) continue;
    const minimum = await connection.getMinimumBalanceForRentExemption(info.data.length, 'confirmed');
    surplus += Math.max(0, info.lamports - minimum);
  }
  const mintOf = new Map(plan.skipped.map((s) => [s.address, s.mint]));
  return reviewBeforeSigning(api, {
    owner: plan.owner,
    txs: plan.txs,
    destroyed: [],
    closed: closed.map((c) => ({ mint: c.account, label: short(mintOf.get(c.account) ?? c.account) })),
    leftAlone: plan.skipped.map((s) => ({
      mint: s.address,
      label: `${short(s.mint)}: ${s.reason === 'wrapped-sol' || s.reason === 'close-authority' ? leftAloneText(s.reason) : s.detail}`,
    })),
    rentLamports: rent + surplus,
    surplusLamports: surplus,
    serviceFeeLamports: serviceFee,
    relayed: plan.relayed,
  });
}
