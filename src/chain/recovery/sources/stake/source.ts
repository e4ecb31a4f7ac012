// Stake accounts whose withdrawer is the wallet. The Stake program's Withdraw keeps, of a delegated account, its stake
// plus the Rent sysvar's minimum for the account's size (since the rent cut it reads the sysvar, not the reserve the
// account recorded when it was made: solana-program/stake, program/src/processor.rs, Withdraw; verified on LiteSVM
// 1.5: an account made at 6,960 per byte withdraws 616,640 at 5,080 and stays delegated at 1,666,240 + stake). An
// account never delegated, or deactivated before this epoch, withdraws whole. Active stake is never deactivated here.
import {
  readStake,
  STAKE_ACCOUNT_SIZE,
  STAKE_PROGRAM,
  STAKE_WITHDRAWER_OFFSET,
  stakeWithdrawIx,
  U64_MAX,
} from '../../layouts';
import type { StakeAccountState } from '../../layouts';
import { at, memcmpKey, n, programAccounts, u32At, u64At, type RecoverySource } from '../../source';

const STAKE_WITHDRAW_TAG = 4;
const CU_PER_WITHDRAW = 15_000; // measured on LiteSVM ≈ 7k (the BPF stake program), with headroom

/** The rent part of `amount` withdrawn: of the reserve the account recorded, what today's minimum no longer needs. */
export function stakeRentPart(recordedReserve: bigint, lamports: bigint, amount: bigint, minimum: bigint): bigint {
  const floor = amount >= lamports ? 0n : minimum;
  const rent = recordedReserve > floor ? recordedReserve - floor : 0n;
  return amount < rent ? amount : rent;
}

/** What Withdraw lets go of now: everything when inactive, else what exceeds stake + today's minimum. */
export function stakeWithdrawable(
  state: StakeAccountState,
  lamports: bigint,
  minimum: bigint,
  epoch: bigint,
): { amount: bigint; inactive: boolean } {
  const d = state.delegation;
  // Deactivated in an earlier epoch: cooled down (a single account's stake leaves within one epoch on mainnet, the
  // network-wide 9 % cooldown limit aside; a simulation refuses the withdrawal otherwise).
  const inactive = !d || (d.deactivationEpoch !== U64_MAX && d.deactivationEpoch < epoch) || d.stake === 0n;
  if (inactive) return { amount: lamports, inactive: true };
  const keep = d.stake + minimum;
  return { amount: lamports > keep ? lamports - keep : 0n, inactive: false };
}

function lockedUp(state: StakeAccountState, owner: string, epoch: bigint): boolean {
  const now = BigInt(Math.floor(Date.now() / 1000));
  return state.custodian !== owner && (state.lockupEpoch > epoch || state.lockupUnixTimestamp > now);
}

/** What the scan says of a stake account (worded in src/common/texts). */
export interface StakeDetail {
  about: 'stake';
  delegation:
    | { state: 'inactive' }
    | { state: 'deactivating'; stakeLamports: number }
    | { state: 'active'; stakeLamports: number; voter: string };
  /** Unstaked principal that comes back (0: none). */
  principalLamports: number;
  lockedUp: boolean;
}

export const stakeSource: RecoverySource<'stake', StakeDetail> = {
  kind: 'stake',
  flow: 'recover',
  scanCalls: `getProgramAccounts(Stake, dataSize ${STAKE_ACCOUNT_SIZE}, memcmp withdrawer @${STAKE_WITHDRAWER_OFFSET})`,
  async scan(ctx) {
    const accounts = await programAccounts(ctx.rpc, STAKE_PROGRAM, [
      { dataSize: STAKE_ACCOUNT_SIZE },
      memcmpKey(STAKE_WITHDRAWER_OFFSET, ctx.owner),
    ]);
    const minimum = await ctx.rentMinimum(STAKE_ACCOUNT_SIZE);
    return accounts.flatMap((a) => {
      const state = readStake(a.data);
      if (!state || state.withdrawer !== ctx.owner) return [];
      const { amount, inactive } = stakeWithdrawable(state, a.lamports, minimum, ctx.epoch);
      const rent = stakeRentPart(state.recordedReserve, a.lamports, amount, minimum);
      const principal = amount - rent;
      const d = state.delegation;
      const locked = lockedUp(state, ctx.owner, ctx.epoch);
      const deactivating = !!d && !inactive && d.deactivationEpoch !== U64_MAX;
      const delegation = inactive
        ? { state: 'inactive' as const }
        : deactivating
          ? { state: 'deactivating' as const, stakeLamports: n(d.stake) }
          : { state: 'active' as const, stakeLamports: n(d!.stake), voter: d!.voter };
      return [
        {
          kind: 'stake' as const,
          address: a.address,
          lamports: n(a.lamports),
          rentLamports: n(rent),
          recoverableLamports: n(amount),
          ...(principal > 0n ? { principalLamports: n(principal) } : {}),
          state: locked || amount === 0n ? ('left-alone' as const) : ('ready' as const),
          optIn: false,
          detail: {
            about: 'stake' as const,
            delegation,
            principalLamports: principal > 0n ? n(principal) : 0,
            lockedUp: locked,
          },
        },
      ];
    });
  },
  plan(item, owner) {
    if (item.state !== 'ready' || item.recoverableLamports <= 0) return null;
    return {
      action: 'withdraw',
      instructions: [stakeWithdrawIx(item.address, owner, BigInt(item.recoverableLamports))],
      computeUnits: CU_PER_WITHDRAW,
      lamportsBack: BigInt(item.recoverableLamports),
      feeBase: BigInt(item.rentLamports),
    };
  },
  staticRules: {
    [STAKE_PROGRAM]: (ix, owner, allowed) => {
      if (u32At(ix.data, 0) !== STAKE_WITHDRAW_TAG || ix.data.length !== 12)
        return 'stake instruction other than Withdraw';
      if (!allowed.has(at(ix, 0))) return `withdrawal from a stake account not selected: ${at(ix, 0)}`;
      if (at(ix, 1) !== owner) return `stake withdrawal pays ${at(ix, 1)}, not the owner`;
      if (at(ix, 4) !== owner || !ix.accounts[4]?.isSigner) return 'stake withdrawer is not the owner';
      return ix.accounts.length === 5 ? null : 'stake withdrawal with a custodian or more accounts';
    },
  },
  chainRules: [
    {
      name: 'stake withdrawal',
      matches: (ix) => ix.programId === STAKE_PROGRAM && u32At(ix.data, 0) === STAKE_WITHDRAW_TAG,
      reads: (ix) => [at(ix, 0)],
      rentFor: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const snapshot = facts.account(address);
        if (!snapshot || snapshot.owner !== STAKE_PROGRAM) return `stake account ${address} does not exist on chain`;
        const stake = readStake(snapshot.data);
        if (!stake || stake.withdrawer !== facts.owner)
          return `stake account ${address} is not the owner's to withdraw`;
        const amount = u64At(ix.data, 4) ?? 0n;
        if (amount <= 0n || amount > snapshot.lamports) return `stake withdrawal of ${amount} lamports from ${address}`;
        const minimum = facts.rentMinimum?.(address) ?? null;
        if (minimum === null) return `the rent minimum of ${address} could not be read from the chain`;
        if (state.closed.has(address)) return `stake account ${address} withdrawn twice`;
        state.closed.add(address);
        return { returns: amount, feeBase: stakeRentPart(stake.recordedReserve, snapshot.lamports, amount, minimum) };
      },
    },
  ],
};
