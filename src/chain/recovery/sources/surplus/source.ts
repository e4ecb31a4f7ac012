// Surplus rent (PRODUCT difference 13): since SIMD-0437 lowered lamports_per_byte, accounts made earlier hold more than
// the rent-exempt minimum for their size. The authority of a token account (its owner) or of a mint (its mint
// authority) can move the difference out with WithdrawExcessLamports (instruction 38) of either token program —
// frozen accounts included, since the instruction never looks at the account state (p-token
// processor/withdraw_excess_lamports.rs, Token-2022 processor.rs process_withdraw_excess_lamports); wrapped SOL
// answers NativeNotSupported. Every figure is the account's own lamports minus the chain's minimum for its size, never
// a constant. Part of the empty-account flow (`closeVacant`, `withdrawSurplus`); the fee base is the surplus.
import { surplusWithdrawal } from '../../../chainRuleSurplus';
import { WITHDRAW_EXCESS_LAMPORTS_TAG, withdrawExcessLamportsIx } from '../../../withdrawExcess';
import { isClosableMintOf } from '../../../mintCloseAuthority';
import { mintsControlledBy } from '../../surplusMints';
import {
  at,
  type RecoveryRpc,
  type RecoverySource,
  type ScannedItem,
  type ScannedTokenAccount,
  type TokenRule,
} from '../../source';
import { classifyVacant } from '../vacant/source';

export interface SurplusAccount {
  address: string;
  programId: string;
  kind: 'token-account' | 'mint';
  lamports: number;
  /** The chain's rent-exempt minimum for this account's size. */
  minimum: number;
  /** lamports − minimum (> 0). */
  surplus: number;
}

const CU_PER_WITHDRAW = 10_000; // WithdrawExcessLamports reads the Rent sysvar and moves lamports: like a close

/** An account the user keeps whose authority can withdraw what it holds above the rent minimum for its size. */
export interface KeptAccount {
  address: string;
  programId: string;
  kind: SurplusAccount['kind'];
  lamports: number;
  /** Data bytes: the rent minimum is (space + 128) × lamports per byte. */
  space: number;
}

/**
 * Accounts the user keeps: every token account of the wallet that the vacant recovery does not close (not wrapped
 * SOL), and every mint whose mint authority is the wallet (each once).
 */
export async function keptAccounts(
  rpc: RecoveryRpc,
  owner: string,
  accounts: ScannedTokenAccount[],
): Promise<KeptAccount[]> {
  const closing = new Set(classifyVacant(accounts, owner).vacant.map((a) => a.address));
  const kept: KeptAccount[] = accounts
    .filter((a) => !closing.has(a.address) && a.nativeReserve === null)
    .map((a) => ({
      address: a.address,
      programId: a.programId,
      kind: 'token-account',
      lamports: a.lamports,
      space: a.space,
    }));
  const mints = await mintsControlledBy(
    rpc,
    owner,
    accounts.map((a) => a.mint),
  );
  const seen = new Set<string>();
  for (const m of mints) {
    // A mint the owner can close whole is not kept: the closable-mint source returns all of it.
    if (seen.has(m.address) || isClosableMintOf(m.data, owner)) continue;
    seen.add(m.address);
    kept.push({ address: m.address, programId: m.programId, kind: 'mint', lamports: m.lamports, space: m.data.length });
  }
  return kept;
}

/** The kept accounts holding more than `minimumOf(space)`, with what is above it. */
export function surplusAbove(kept: KeptAccount[], minimumOf: (space: number) => number): SurplusAccount[] {
  return kept.flatMap(({ space, ...a }) => {
    const minimum = minimumOf(space);
    return a.lamports > minimum ? [{ ...a, minimum, surplus: a.lamports - minimum }] : [];
  });
}

/** Accounts the user keeps that hold more than today's minimum (the chain's, asked once per size). */
export async function findSurplus(
  rpc: RecoveryRpc,
  owner: string,
  accounts: ScannedTokenAccount[],
  rentMinimum: (bytes: number) => Promise<number>,
): Promise<SurplusAccount[]> {
  const kept = await keptAccounts(rpc, owner, accounts);
  const sizes = [...new Set(kept.map((a) => a.space))];
  const values = await Promise.all(sizes.map(rentMinimum));
  const minimums = new Map(sizes.map((size, i) => [size, values[i]]));
  return surplusAbove(kept, (space) => minimums.get(space)!);
}

export const sumSurplus = (list: { surplus: number }[]): number => list.reduce((s, a) => s + a.surplus, 0);

/** One source of surplus as the registry lists it: the surplus comes back, and is the fee base. */
export const surplusItem = (a: SurplusAccount): ScannedItem<SurplusDetail> => ({
  kind: 'surplus',
  address: a.address,
  programId: a.programId,
  lamports: a.lamports,
  rentLamports: a.surplus,
  recoverableLamports: a.surplus,
  state: 'ready',
  optIn: true,
  detail: { about: a.kind === 'mint' ? 'surplusMint' : 'surplusAccount' },
});

/**
 * WithdrawExcessLamports [source, destination, authority]: the owner signs, the surplus goes to the owner, and the
 * source is one the page itself found in the transactions and then reads on chain (the chain rule).
 */
export const checkWithdrawSurplus: TokenRule = (ix, { owner, surplusSources }) => {
  // Exactly source, destination, authority: more accounts would be multisig signers, which we never build.
  if (ix.accounts.length !== 3 || ix.data.length !== 1) return 'surplus withdrawal of an unexpected shape';
  const [source, destination, authority] = ix.accounts;
  if (destination.pubkey !== owner) return `surplus goes to ${destination.pubkey}, not the owner`;
  if (authority.pubkey !== owner || !authority.isSigner) return 'surplus authority is not the owner';
  if (source.pubkey === owner || !surplusSources.has(source.pubkey))
    return `surplus withdrawal from an account not checked as the owner's: ${at(ix, 0)}`;
  return null;
};

/** What the scan says of an item: a kept token account or a mint (worded in src/common/texts). */
export type SurplusDetail = { about: 'surplusAccount' | 'surplusMint' };

export const surplusSource: RecoverySource<'surplus', SurplusDetail> = {
  kind: 'surplus',
  flow: 'closeVacant',
  scanCalls:
    'getTokenAccountsByOwner (shared with the empty accounts); getProgramAccounts(SPL Token and Token-2022, mint authority @4) within 4 s, else getMultipleAccounts of the wallet’s mints; getMinimumBalanceForRentExemption per size',
  async scan(ctx) {
    const found = await findSurplus(ctx.rpc, ctx.owner, await ctx.tokenAccounts(), (bytes) =>
      ctx.rentMinimum(bytes).then(Number),
    );
    return found.map(surplusItem);
  },
  plan(item, owner) {
    const surplus = BigInt(item.rentLamports);
    return {
      action: 'withdraw',
      instructions: [withdrawExcessLamportsIx({ source: item.address, authority: owner, programId: item.programId })],
      computeUnits: CU_PER_WITHDRAW,
      lamportsBack: surplus,
      feeBase: surplus,
    };
  },
  staticRules: {},
  tokenRules: { [WITHDRAW_EXCESS_LAMPORTS_TAG]: checkWithdrawSurplus },
  // Its source read from the chain, the surplus = lamports − the chain's rent minimum for its size.
  chainRules: [surplusWithdrawal],
};
