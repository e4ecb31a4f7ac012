// Pump.fun's user volume accumulator (PDA ["user_volume_accumulator", user] of the Pump program; pump-fun/
// pump-public-docs, idl/pump.json and docs/PUMP_CASHBACK_README.md): it holds the wallet's bonding-curve cashback as
// lamports above its rent-exempt minimum. `claim_cashback` moves those lamports to the user; then
// `close_user_volume_accumulator` (the user signs) closes it and returns its rent. Closing forfeits PUMP token
// incentives not yet claimed, so an accumulator with any (needs_claim, total_unclaimed_tokens) is left alone.
import {
  claimCashbackIx,
  closeVolumeAccumulatorIx,
  PUMP_PROGRAM,
  pumpInstructionOf,
  pumpTailError,
  readVolumeAccumulator,
  volumeAccumulatorOf,
  type PumpInstruction,
} from '../../pumpLayouts';
import type { ChainFacts, ChainRule, TransactionState } from '../../../chainRules';
import { accountInfo, at, n, type RecoverySource } from '../../source';

const CU_PER_ACTION = 20_000; // each an Anchor program with an event CPI

/** What the scan says of an item: its cashback and its rent apart (worded in src/common/texts). */
export type PumpVolumeAccumulatorDetail =
  { about: 'pumpAccumulator'; cashbackLamports: number; rentLamports: number } | { about: 'pumpAccumulatorIncentives' };

export const pumpVolumeAccumulatorSource: RecoverySource<'pumpVolumeAccumulator', PumpVolumeAccumulatorDetail> = {
  kind: 'pumpVolumeAccumulator',
  flow: 'recover',
  scanCalls: 'getAccountInfo(Pump user volume accumulator PDA of the wallet)',
  async scan(ctx) {
    const account = await accountInfo(ctx.rpc, volumeAccumulatorOf(ctx.owner));
    const state = account?.owner === PUMP_PROGRAM ? readVolumeAccumulator(account.data) : null;
    if (!account || state?.user !== ctx.owner) return [];
    const base = { kind: 'pumpVolumeAccumulator' as const, address: account.address, lamports: n(account.lamports) };
    if (state.needsClaim || state.unclaimedTokens > 0n)
      return [
        {
          ...base,
          rentLamports: 0,
          recoverableLamports: 0,
          state: 'left-alone' as const,
          optIn: true,
          detail: { about: 'pumpAccumulatorIncentives' as const },
        },
      ];
    const rent = await ctx.rentMinimum(account.data.length);
    const cashback = account.lamports > rent ? account.lamports - rent : 0n;
    return [
      {
        ...base,
        rentLamports: n(account.lamports),
        recoverableLamports: n(account.lamports),
        // The cashback is claimed before the close (harvested first), as the cashback docs ask.
        ...(cashback > 0n ? { harvestFirst: true as const } : {}),
        state: 'ready' as const,
        optIn: false,
        detail: {
          about: 'pumpAccumulator' as const,
          cashbackLamports: n(cashback),
          rentLamports: n(account.lamports - cashback),
        },
      },
    ];
  },
  plan(item, owner) {
    if (item.state !== 'ready' || item.address !== volumeAccumulatorOf(owner)) return null;
    return {
      action: 'close',
      instructions: [...(item.harvestFirst ? [claimCashbackIx(owner)] : []), closeVolumeAccumulatorIx(owner)],
      computeUnits: CU_PER_ACTION * (item.harvestFirst ? 2 : 1),
      lamportsBack: BigInt(item.recoverableLamports),
      feeBase: BigInt(item.recoverableLamports),
    };
  },
  staticRules: {
    // idl/pump.json claim_cashback: [user (w), accumulator PDA of user, system, event authority, program];
    // close_user_volume_accumulator: [user (w, signer), accumulator PDA of user, event authority, program].
    [PUMP_PROGRAM]: (ix, owner, allowed) => {
      const name = pumpInstructionOf(ix);
      if (name !== 'claimCashback' && name !== 'closeUserVolumeAccumulator')
        return 'Pump instruction other than claim_cashback or close_user_volume_accumulator';
      if (at(ix, 0) !== owner) return `volume accumulator pays ${at(ix, 0)}, not the owner`;
      if (name === 'closeUserVolumeAccumulator' && !ix.accounts[0]?.isSigner)
        return 'the owner does not sign the close';
      if (at(ix, 1) !== volumeAccumulatorOf(owner) || !allowed.has(at(ix, 1)))
        return `volume accumulator not the owner's or not selected: ${at(ix, 1)}`;
      return pumpTailError(ix, 2, name === 'claimCashback');
    },
  },
  chainRules: [
    accumulatorRule('Pump cashback claim', 'claimCashback', (address, own, facts, state) => {
      const rent = facts.rentMinimum?.(address);
      if (rent === null || rent === undefined) return `rent minimum of ${address} not read`;
      if (state.closed.has(address) || state.burned.has(address)) return `cashback of ${address} claimed twice`;
      state.burned.add(address); // claimed: what is left is the rent, which the close returns
      const cashback = own.lamports > rent ? own.lamports - rent : 0n;
      return { returns: cashback, feeBase: cashback, rewards: cashback };
    }),
    accumulatorRule('Pump volume accumulator close', 'closeUserVolumeAccumulator', (address, own, facts, state) => {
      const held = readVolumeAccumulator(own.data)!;
      if (held.needsClaim || held.unclaimedTokens > 0n)
        return `closing ${address} would forfeit unclaimed PUMP incentives`;
      if (state.closed.has(address)) return `volume accumulator ${address} closed twice`;
      state.closed.add(address);
      const rent = facts.rentMinimum?.(address);
      if (rent === null || rent === undefined) return `rent minimum of ${address} not read`;
      const left = state.burned.has(address) && own.lamports > rent ? rent : own.lamports;
      return { returns: left, feeBase: left };
    }),
  ],
};

type Snapshot = { lamports: bigint; owner: string; data: Uint8Array };

/** The chain rule of one accumulator instruction: account 1 is the owner's accumulator, read with its rent minimum. */
function accumulatorRule(
  name: string,
  instruction: PumpInstruction,
  check: (address: string, own: Snapshot, facts: ChainFacts, state: TransactionState) => ReturnType<ChainRule['check']>,
): ChainRule {
  return {
    name,
    matches: (ix) => pumpInstructionOf(ix) === instruction,
    reads: (ix) => [at(ix, 1)],
    rentFor: (ix) => [at(ix, 1)],
    check(ix, facts, state) {
      const address = at(ix, 1);
      const own = ownAccumulator(address, facts.owner, facts.account(address));
      return typeof own === 'string' ? own : check(address, own, facts, state);
    },
  };
}

function ownAccumulator(address: string, owner: string, snapshot: Snapshot | null): Snapshot | string {
  if (address !== volumeAccumulatorOf(owner)) return `volume accumulator ${address} is not the owner's`;
  if (!snapshot || snapshot.owner !== PUMP_PROGRAM) return `volume accumulator ${address} does not exist on chain`;
  return readVolumeAccumulator(snapshot.data)?.user === owner
    ? snapshot
    : `volume accumulator ${address} is not the owner's`;
}
