// Which cNFTs the trash can move (Select all and the queue take only those) and why the others are left out:
// Bubblegum refuses to transfer a frozen or non-transferable V2 leaf (src/chain/cnftLeafFlags.ts), and a tree whose
// proof does not fit a transaction cannot be moved either (cnftProofFit.ts).
import { cnftAllows, leafAllows } from '../../../chain/cnftLeafFlags';
import type { Cnft } from '../nfts/nftModel';

export type LeftOutReason = 'frozen' | 'nonTransferable' | 'treeTooDeep';

/** Why this cNFT cannot be sent to the trash, or null when it can. */
export function whyNotMovable(c: Cnft, tooDeepTrees: ReadonlySet<string>): LeftOutReason | null {
  if (!leafAllows(c.compression?.flags).canBurn) return 'frozen';
  if (!cnftAllows(c).canMove) return 'nonTransferable';
  if (tooDeepTrees.has(c.compression?.tree ?? '')) return 'treeTooDeep';
  return null;
}

export interface MovableSplit {
  movable: Cnft[];
  leftOut: { cnft: Cnft; reason: LeftOutReason }[];
}

export function splitMovable(cnfts: readonly Cnft[], tooDeepTrees: ReadonlySet<string>): MovableSplit {
  const out: MovableSplit = { movable: [], leftOut: [] };
  for (const c of cnfts) {
    const reason = whyNotMovable(c, tooDeepTrees);
    if (reason) out.leftOut.push({ cnft: c, reason });
    else out.movable.push(c);
  }
  return out;
}

/** How many were left out for each reason, in a fixed order. */
export function leftOutCounts(leftOut: MovableSplit['leftOut']): [LeftOutReason, number][] {
  const order: LeftOutReason[] = ['frozen', 'nonTransferable', 'treeTooDeep'];
  return order
    .map((r) => [r, leftOut.filter((l) => l.reason === r).length] as [LeftOutReason, number])
    .filter(([, n]) => n > 0);
}
