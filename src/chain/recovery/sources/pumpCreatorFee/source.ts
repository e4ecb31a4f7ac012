// Pump.fun creator fees: the bonding-curve creator vault, a lamports-only PDA of the Pump program (seeds
// ["creator-vault", creator]) that trades on the wallet's coins fill. `collect_creator_fee` (pump-fun/pump-public-docs,
// idl/pump.json; docs/instructions/COLLECT_CREATOR_FEE.md) moves every lamport above the vault's rent-exempt minimum
// to the creator and leaves the vault open. A vault moved to a fee-sharing config refuses it (error 6049
// CreatorMigratedToSharingConfig) and pays through the Pump Fees program instead: the wallet then owns no vault here.
import { SYSTEM_PROGRAM } from '../../../../common/addresses';
import { collectCreatorFeeIx, creatorVaultOf, PUMP_PROGRAM, pumpInstructionOf, pumpTailError } from '../../pumpLayouts';
import { accountInfo, at, n, type RecoverySource } from '../../source';

const CU_PER_COLLECT = 20_000; // an Anchor program with a System transfer CPI and an event CPI

/** What the scan says of an item: the fees waiting in the vault (worded in src/common/texts). */
export type PumpCreatorFeeDetail = { about: 'pumpCreatorFee'; feeLamports: number };

export const pumpCreatorFeeSource: RecoverySource<'pumpCreatorFee', PumpCreatorFeeDetail> = {
  kind: 'pumpCreatorFee',
  flow: 'recover',
  scanCalls: 'getAccountInfo(Pump creator vault PDA of the wallet)',
  async scan(ctx) {
    const vault = await accountInfo(ctx.rpc, creatorVaultOf(ctx.owner));
    if (!vault || vault.owner !== SYSTEM_PROGRAM) return [];
    const fees = vault.lamports - (await ctx.rentMinimum(vault.data.length));
    if (fees <= 0n) return [];
    return [
      {
        kind: 'pumpCreatorFee' as const,
        address: vault.address,
        lamports: n(vault.lamports),
        rentLamports: n(fees),
        recoverableLamports: n(fees),
        state: 'ready' as const,
        optIn: false,
        detail: { about: 'pumpCreatorFee' as const, feeLamports: n(fees) },
      },
    ];
  },
  plan(item, owner) {
    if (item.address !== creatorVaultOf(owner)) return null;
    return {
      action: 'withdraw',
      instructions: [collectCreatorFeeIx(owner)],
      computeUnits: CU_PER_COLLECT,
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
  },
  chainRules: [
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
        const rent = facts.rentMinimum?.(vault);
        if (rent === null || rent === undefined) return `rent minimum of ${vault} not read`;
        if (state.closed.has(vault)) return `creator vault ${vault} collected twice`;
        state.closed.add(vault);
        const fees = snapshot.lamports > rent ? snapshot.lamports - rent : 0n;
        return { returns: fees, feeBase: fees, rewards: fees };
      },
    },
  ],
};
