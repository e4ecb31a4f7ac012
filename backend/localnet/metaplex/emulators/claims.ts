// What the earlier instructions of the same transaction have already claimed (a leaf, an NFT). The chain decodes a
// transaction afresh for each run and hands every emulated instruction of that run the same `signers` set, so that
// set identifies the run (a preflight simulation and the send that follows are two runs).
const claims = new WeakMap<Set<string>, Set<string>>();

/** False when an earlier instruction of the same transaction run claimed `key`. */
export function claim(run: Set<string>, key: string): boolean {
  let set = claims.get(run);
  if (!set) claims.set(run, (set = new Set()));
  if (set.has(key)) return false;
  set.add(key);
  return true;
}
