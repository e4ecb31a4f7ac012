// Pump.fun creator fees, from both vaults the wallet's coins fill (pump-fun/pump-public-docs,
// docs/instructions/COLLECT_CREATOR_FEE.md):
// - the bonding-curve creator vault, a lamports-only PDA of the Pump program (seeds ["creator-vault", creator]):
//   `collect_creator_fee` (idl/pump.json) moves every lamport above its rent-exempt minimum to the creator and leaves
//   it open;
// - PumpSwap's coin-creator vault, the wrapped-SOL account of the AMM's PDA ["creator_vault", creator]:
//   `transfer_creator_fees_to_pump_v2` (idl/pump_amm.json; docs/instructions/CREATOR_FEE_SHARING.md) forwards its
//   fees as lamports into that same bonding-curve vault, so one collect then pays both as SOL.
// One item (the bonding-curve vault), the PumpSwap vault among its `planAccounts` when its fees are forwarded first. A vault moved to a
// fee-sharing config refuses both (errors 6049 / 6047) and pays through the Pump Fees program instead.
import bs58 from 'bs58';
import { NATIVE_MINT, SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../../common/addresses';
import {
  collectCreatorFeeIx,
  creatorVaultOf,
  PUMP_AMM_PROGRAM,
  PUMP_PROGRAM,
  pumpInstructionOf,
  pumpTailError,
  swapTransferAccounts,
  swapVaultAuthorityOf,
  swapVaultOf,
  tokenAmountOf,
  transferSwapFeesIx,
} from '../../pumpLayouts';
import { accountInfo, at, n, type RecoverySource } from '../../source';

const CU_PER_ACTION = 20_000; // an Anchor program with a System transfer CPI and an event CPI

/** What the scan says of an item: the fees of each vault (worded in src/common/texts). */
export type PumpCreatorFeeDetail = { about: 'pumpCreatorFee'; feeLamports: number; swapFeeLamports: number };

/** PumpSwap's fees waiting for `creator`: the amount of its coin-creator vault, an SPL Token wSOL account (mint @0, owner @32). */
function swapFeesIn(vault: { owner: string; data: Uint8Array } | null, creator: string): bigint {
  if (!vault || vault.owner !== TOKEN_PROGRAM || vault.data.length < 72) return 0n;
  const key = (at: number) => bs58.encode(vault.data.subarray(at, at + 32));
  return key(0) === NATIVE_MINT && key(32) === swapVaultAuthorityOf(creator) ? tokenAmountOf(vault.data) : 0n;
}

export const pumpCreatorFeeSource: RecoverySource<'pumpCreatorFee', PumpCreatorFeeDetail> = {
  kind: 'pumpCreatorFee',
  flow: 'recover',
  scanCalls: 'getAccountInfo(Pump creator vault PDA, PumpSwap coin-creator vault of the wallet)',
  async scan(ctx) {
    const [vault, swapVault] = await Promise.all([
      accountInfo(ctx.rpc, creatorVaultOf(ctx.owner)),
      accountInfo(ctx.rpc, swapVaultOf(ctx.owner)),
    ]);
    // Every coin starts on the bonding curve, so a creator with PumpSwap fees has this vault too.
    if (!vault || vault.owner !== SYSTEM_PROGRAM) return [];
    const swapFees = swapFeesIn(swapVault, ctx.owner);
    const fees = vault.lamports + swapFees - (await ctx.rentMinimum(vault.data.length));
    if (fees <= 0n) return [];
    return [
      {
        kind: 'pumpCreatorFee' as const,
        address: vault.address,
        lamports: n(vault.lamports),
        rentLamports: n(fees),
        recoverableLamports: n(fees),
        ...(swapFees > 0n ? { planAccounts: [swapVaultOf(ctx.owner)] } : {}),
        state: 'ready' as const,
        optIn: false,
        detail: { about: 'pumpCreatorFee' as const, feeLamports: n(fees - swapFees), swapFeeLamports: n(swapFees) },
      },
    ];
  },
  plan(item, owner) {
    if (item.address !== creatorVaultOf(owner)) return null;
    const forward = item.planAccounts?.includes(swapVaultOf(owner)) ?? false;
    return {
      action: 'withdraw',
      instructions: [...(forward ? [transferSwapFeesIx(owner)] : []), collectCreatorFeeIx(owner)],
      computeUnits: CU_PER_ACTION * (forward ? 2 : 1),
      lamportsBack: BigInt(item.recoverableLamports),
      feeBase: BigInt(item.recoverableLamports),
    };
  },
  staticRules: {
    // idl/pump.json collect_creator_fee: creator (writable) receives; creator_vault is the PDA of the creator.
    [PUMP_PROGRAM]: (ix, owner, allowed) => {
      if (pumpInstructionOf(ix) !== 'collectCreatorFee') return 'Pump instruction other than collect_creator_fee';
      if (at(ix, 0) !== owner) return `creator fees paid to ${at(ix, 0)}, not the owner`;
      if (at(ix, 1) !== creatorVaultOf(owner) || !allowed.has(at(ix, 1)))
        return `creator vault not the owner's or not selected: ${at(ix, 1)}`;
      return pumpTailError(ix, 2, true);
    },
    // idl/pump_amm.json transfer_creator_fees_to_pump_v2: every account is the owner's, a PDA of the owner or fixed.
    [PUMP_AMM_PROGRAM]: (ix, owner, allowed) => {
      if (pumpInstructionOf(ix) !== 'transferCreatorFeesToPumpV2')
        return 'PumpSwap instruction other than transfer_creator_fees_to_pump_v2';
      if (!allowed.has(creatorVaultOf(owner))) return 'creator fees not selected';
      const expected = swapTransferAccounts(owner);
      const given = ix.accounts.map((a) => a.pubkey);
      if (given.length !== expected.length || expected.some((k, i) => given[i] !== k))
        return `PumpSwap fees forwarded for another creator or vault: ${at(ix, 5)}`;
      return ix.accounts[0]?.isSigner ? null : 'the owner does not sign the PumpSwap transfer';
    },
  },
  chainRules: [
    {
      // Forwards the PumpSwap vault's fees into the owner's creator vault: they come back with the collect after it.
      name: 'PumpSwap creator fee transfer',
      matches: (ix) => pumpInstructionOf(ix) === 'transferCreatorFeesToPumpV2',
      reads: (ix) => [at(ix, 7)],
      check(ix, facts, state) {
        if (at(ix, 5) !== facts.owner || at(ix, 7) !== swapVaultOf(facts.owner))
          return `PumpSwap vault ${at(ix, 7)} is not the owner's`;
        if (!facts.account(at(ix, 7))) return `PumpSwap vault ${at(ix, 7)} does not exist on chain`;
        state.burned.add(at(ix, 7)); // forwarded: the collect that follows in this transaction pays it
        return 0n;
      },
    },
    {
      name: 'Pump creator fee collection',
      matches: (ix) => pumpInstructionOf(ix) === 'collectCreatorFee',
      reads: (ix) => [at(ix, 1)],
      rentFor: (ix) => [at(ix, 1)],
      check(ix, facts, state) {
        const vault = at(ix, 1);
        if (vault !== creatorVaultOf(facts.owner)) return `creator vault ${vault} is not the owner's`;
        const snapshot = facts.account(vault);
        if (!snapshot || snapshot.owner !== SYSTEM_PROGRAM) return `creator vault ${vault} does not exist on chain`;
        const swapVault = swapVaultOf(facts.owner);
        const forwarded = state.burned.has(swapVault) ? swapFeesIn(facts.account(swapVault), facts.owner) : 0n;
        const rent = facts.rentMinimum?.(vault);
        if (rent === null || rent === undefined) return `rent minimum of ${vault} not read`;
        if (state.closed.has(vault)) return `creator vault ${vault} collected twice`;
        state.closed.add(vault);
        const balance = snapshot.lamports + forwarded;
        const fees = balance > rent ? balance - rent : 0n;
        return { returns: fees, feeBase: fees, rewards: fees };
      },
    },
  ],
};
