// Empty token accounts (PRODUCT difference 7): the wallet's token accounts holding nothing, sorted into the
// safe-to-close set and the ones reported but never closed. CloseAccount (SPL Token and Token-2022 instruction 9) of
// one returns its whole balance, the rent, to the owner; a Token-2022 account with withheld transfer fees is harvested
// into its mint first (Token-2022 refuses to close it otherwise). Its own flow and routes (`closeVacant`,
// POST /api/prepare-burn-transactions); the fee base is the rent.
import { ownTokenAccount } from '../../../ownTokenAccount';
import { CLOSE_ACCOUNT_TAG, checkClose, checkHarvest, HARVEST_TAG } from '../../../tokenCloseRules';
import { closeVacantIxs } from '../../../tokenInstructions';
import type { SkippedAccountInfo, VacantAccountInfo } from '../../../vacantAccounts';
import { isTokenProgram } from '../../../keys';
import { at, type RecoverySource, type ScannedItem, type ScannedTokenAccount } from '../../source';

// Compute units, measured on the local runtime with headroom: SPL close ≈ 3k, Token-2022 close ≈ 5k, harvest ≈ 8k.
export const CU_PER_CLOSE = 10_000;
export const CU_PER_HARVEST = 20_000;

/** Splits the empty accounts into the closable set and the ones reported apart, with the reason. */
export function classifyVacant(
  accounts: ScannedTokenAccount[],
  owner: string,
): { vacant: VacantAccountInfo[]; skipped: SkippedAccountInfo[] } {
  const vacant: VacantAccountInfo[] = [];
  const skipped: SkippedAccountInfo[] = [];
  for (const a of accounts) {
    const base = { address: a.address, mint: a.mint, programId: a.programId, lamports: a.lamports };
    if (a.nativeReserve !== null && a.amount > 0n) {
      skipped.push({
        ...base,
        reason: 'wrapped-sol',
        detail: `Wrapped SOL account holding ${a.amount} lamports; the wrapped-SOL source unwraps it with its rent`,
      });
      continue;
    }
    // Accounts holding tokens are not vacant. A frozen one (by its mint, or a pNFT locked by Token Metadata) is the
    // burn flows' business: SPL Burn refuses it (AccountFrozen), Token Metadata's burnV1 thaws a pNFT first.
    if (a.amount !== 0n) continue;
    // Frozen and delegated empty accounts are closable: CloseAccount in both programs checks only the balance, the
    // close authority (else the owner) and, in Token-2022, withheld/confidential amounts — never the frozen state or a
    // delegate (solana-program/token p-token/src/processor/close_account.rs; Token-2022 processor.rs
    // process_close_account). Harvesting withheld fees ignores the frozen state too. Shown on the local chain by
    // __tests__/backend/frozenAccounts.test.ts.
    if (a.closeAuthority && a.closeAuthority !== owner) {
      skipped.push({ ...base, reason: 'close-authority', detail: `Close authority is ${a.closeAuthority}` });
    } else if (a.lamports > 0) {
      vacant.push(
        a.withheldAmount > 0n ? { ...base, withheldAmount: a.withheldAmount.toString(), harvestFirst: true } : base,
      );
    }
  }
  return { vacant, skipped };
}

/** One closable account as the registry lists it: its whole balance comes back, and is the fee base. */
export const vacantItem = (a: VacantAccountInfo): ScannedItem<VacantDetail> => ({
  kind: 'vacant',
  address: a.address,
  programId: a.programId,
  mint: a.mint,
  ...(a.harvestFirst ? { harvestFirst: true as const } : {}),
  lamports: a.lamports,
  rentLamports: a.lamports,
  recoverableLamports: a.lamports,
  state: 'ready',
  optIn: false,
  detail: { about: 'vacant' },
});

/** What the scan says of an item (worded in src/common/texts). */
export type VacantDetail = { about: 'vacant' };

export const vacantSource: RecoverySource<'vacant', VacantDetail> = {
  kind: 'vacant',
  flow: 'closeVacant',
  scanCalls: 'getTokenAccountsByOwner(owner, SPL Token and Token-2022, base64)',
  async scan(ctx) {
    return classifyVacant(await ctx.tokenAccounts(), ctx.owner).vacant.map(vacantItem);
  },
  plan(item, owner) {
    return {
      action: 'close',
      instructions: closeVacantIxs({
        owner,
        account: item.address,
        ...(item.programId ? { programId: item.programId } : {}),
        ...(item.mint ? { mint: item.mint } : {}),
        hasWithheldFees: !!item.harvestFirst,
      }),
      computeUnits: CU_PER_CLOSE + (item.harvestFirst ? CU_PER_HARVEST : 0),
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: {},
  tokenRules: { [CLOSE_ACCOUNT_TAG]: checkClose, [HARVEST_TAG]: checkHarvest },
  chainRules: [
    {
      // The empty-account close takes only empty accounts, wrapped SOL included: a funded one named in a hostile
      // list would count its balance as returned rent and pay the fee on it (RELIABILITY, "Hostile clients").
      name: 'empty token account close',
      matches: (ix) => isTokenProgram(ix.programId) && ix.data[0] === CLOSE_ACCOUNT_TAG,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const own = ownTokenAccount(facts, address, [ix.programId]);
        if (typeof own === 'string') return own;
        if (state.closed.has(address)) return `account ${address} closed twice`;
        if (own.head.amount !== 0n)
          return `account ${address} still holds ${own.head.isNative ? 'wrapped SOL' : 'tokens'}`;
        state.closed.add(address);
        return { returns: own.snapshot.lamports, feeBase: own.snapshot.lamports };
      },
    },
  ],
};
