// The review of "Recover everything" (docs/PRODUCT.md#recover-everything): one line per kind with what comes back, its
// service fee and its share of the network fee; what is left alone and why; what needs a later step. The kinds'
// figures are the server's report of each action, accepted only when, transaction by transaction, they add up to
// what the page's guard read from the chain (returns) and decoded (the service fee); else the request is refused.
import type { Transaction } from '@solana/web3.js';
import type { ChainGuardReport } from '../../../chain/chainGuard';
import { chainRuleFor } from '../../../chain/chainRules';
import { decodeTransaction } from '../../../chain/decode';
import { exactSol, shortenAddress } from '../../../chain/format';
import { priorityFeeOf } from '../../../chain/priorityFee';
import { ASSUMED_SLOT_MS } from '../../../chain/recovery/slotTime';
import { LAMPORTS_PER_SIGNATURE, TABLE_COOLDOWN_SLOTS } from '../../../common/constants';
import type { RecoverableResponse, RecoveryActionReport, RecoveryKind } from '../../../common/api';
import { RECOVER_EVERYTHING as E, RECOVERY_SECTION as T } from '../../../common/texts/recoveryTexts';
import { recoveryKindName } from '../../../common/texts/recoverySourceTexts';
import type { ReviewInput } from '../../burn/review/reviewStep';
import { GuardRefusedError } from '../../wallet/wallet';
import { vacantEffects } from '../vacant/vacantReview';
import { itemKey, type PlanItemKey } from './recoverySlice';

type ReviewItem = NonNullable<ReviewInput['closed']>[number];

/** The accounts each transaction acts on, by the guard's own chain rules (what they close, withdraw or revoke). */
function actedOn(tx: Transaction): Set<string> {
  return new Set(decodeTransaction(tx).instructions.flatMap((ix) => chainRuleFor(ix, 'recoverAll')?.reads(ix) ?? []));
}

interface KindSum {
  count: number;
  back: number;
  fee: number;
  network: number;
}

/** Per kind, from the server's actions checked against the guard's figures of each transaction. */
export function kindLines(
  batch: readonly Transaction[],
  actions: readonly RecoveryActionReport[],
  report: ChainGuardReport,
  feeWallet: string,
): ReviewItem[] {
  const sums = new Map<RecoveryKind, KindSum>();
  batch.forEach((tx, t) => {
    const acted = actedOn(tx);
    const mine = actions.filter((a) => acted.has(a.address));
    const back = mine.reduce((s, a) => s + a.lamportsBack, 0);
    const fee = mine.reduce((s, a) => s + a.feeLamports, 0);
    const checked = report.transactions[t];
    if (!checked || back !== checked.returnsLamports || fee !== vacantEffects([tx], feeWallet).serviceFee)
      throw new GuardRefusedError(`transaction ${t}: the server's figures by kind differ from the chain's`);
    const decoded = decodeTransaction(tx);
    const network = decoded.signers.length * LAMPORTS_PER_SIGNATURE + Number(priorityFeeOf(decoded));
    mine.forEach((a, i) => {
      const s = sums.get(a.kind) ?? { count: 0, back: 0, fee: 0, network: 0 };
      // The transaction's network fee shared by its actions, the remainder to the last.
      const share = Math.floor(network / mine.length) + (i === mine.length - 1 ? network % mine.length : 0);
      sums.set(a.kind, {
        count: s.count + 1,
        back: s.back + a.lamportsBack,
        fee: s.fee + a.feeLamports,
        network: s.network + share,
      });
    });
  });
  return [...sums].map(([kind, s]) => ({
    mint: kind,
    label: E.reviewKind(recoveryKindName(kind), s.count, exactSol(s.back), exactSol(s.fee), exactSol(s.network)),
  }));
}

const named = (kind: RecoveryKind, address: string) => `${recoveryKindName(kind)} ${shortenAddress(address)}`;

/** What the plan leaves alone and why: what the owner unticked, what cannot come back, scans not answered. */
export function leftAloneLines(plan: RecoverableResponse | undefined, except: readonly PlanItemKey[]): ReviewItem[] {
  const unticked = new Set(except.map(itemKey));
  const items = (plan?.sources ?? []).flatMap((s): ReviewItem[] =>
    unticked.has(itemKey(s))
      ? [{ mint: itemKey(s), label: `${named(s.kind, s.address)}: ${E.unticked}` }]
      : s.state === 'left-alone'
        ? [{ mint: itemKey(s), label: `${named(s.kind, s.address)}: ${s.detail}` }]
        : [],
  );
  const refused = (Object.keys(plan?.scans ?? {}) as RecoveryKind[]).filter((k) => plan!.scans[k] !== 'ok');
  return [
    ...items,
    ...refused.map((k) => ({ mint: `scan ${k}`, label: `${recoveryKindName(k)}: ${E.notChecked}` })),
    { mint: 'never-burned', label: E.neverBurned },
  ];
}

/** What needs a later step: a table deactivated now closes about 513 slots later; one cooling down, in its slots. */
export function laterLines(plan: RecoverableResponse | undefined, except: readonly PlanItemKey[]): ReviewItem[] {
  const unticked = new Set(except.map(itemKey));
  return (plan?.sources ?? []).flatMap((s): ReviewItem[] => {
    if (s.state === 'deactivate-first' && !unticked.has(itemKey(s)))
      return [{ mint: itemKey(s), label: `${named(s.kind, s.address)}: ${E.tableLater(TABLE_COOLDOWN_SLOTS)}` }];
    if (s.state === 'cooling-down' && s.readySlot !== undefined) {
      const slots = Math.max(0, s.readySlot - plan!.slot);
      const text = T.readyIn(slots, plan!.slotMs ?? ASSUMED_SLOT_MS, !!plan!.slotMs);
      return [{ mint: itemKey(s), label: `${named(s.kind, s.address)}: ${text}` }];
    }
    return [];
  });
}
