// What Bubblegum allows on a compressed NFT's leaf, from its V2 flags (PRODUCT difference 12). Kept apart from the V2 instruction
// builders (cnftV2.ts) because the cards read it on the first screen, while the builders load only with a trash way.
// Rules: programs/bubblegum/program/src/processor/{transfer,burn,delegate}.rs — frozen (flags bits 0/1) refuses all
// three, non-transferable (bit 2) refuses transfer only.

export const LEAF_FROZEN = 1 | 2; // frozen by the leaf delegate / by a permanent freeze delegate
export const LEAF_NON_TRANSFERABLE = 4;

/** What the program allows on a leaf, from its V2 flags (a V1 leaf allows everything). */
export function leafAllows(flags: number | undefined): { canBurn: boolean; canMove: boolean; canDelegate: boolean } {
  const f = flags ?? 0;
  const frozen = (f & LEAF_FROZEN) !== 0;
  return { canBurn: !frozen, canMove: !frozen && (f & LEAF_NON_TRANSFERABLE) === 0, canDelegate: !frozen };
}

export function cnftAllows(c: { compression?: { flags?: number } }): { canBurn: boolean; canMove: boolean } {
  return leafAllows(c.compression?.flags);
}
