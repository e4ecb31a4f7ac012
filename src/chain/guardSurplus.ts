// Guard rule for WithdrawExcessLamports (instruction 38, PRODUCT difference 13), kept apart from guardRules.ts: the owner
// signs, the surplus goes to the owner, and the source is one the page itself found on chain to be the owner's
// token account or a mint whose mint authority is the owner (`intent.surplusSources`).
import type { DecodedInstruction } from './decode';

export interface SurplusIntent {
  owner: string;
  kind: string;
  /** Addresses the page checked on chain: the owner's (non-native) token accounts and mints it is authority of. */
  surplusSources?: Iterable<string>;
}

const sourceSets = new WeakMap<object, Set<string>>();
function sourcesOf(intent: SurplusIntent): Set<string> {
  let set = sourceSets.get(intent);
  if (!set) {
    set = new Set(intent.surplusSources ?? []);
    sourceSets.set(intent, set);
  }
  return set;
}

/** null when allowed, else the reason. */
export function checkWithdrawExcess(ix: DecodedInstruction, intent: SurplusIntent): string | null {
  if (intent.kind !== 'closeVacant') return 'surplus withdrawal not allowed for this action';
  // Exactly source, destination, authority: more accounts would be multisig signers, which we never build.
  if (ix.accounts.length !== 3 || ix.data.length !== 1) return 'surplus withdrawal of an unexpected shape';
  const [source, destination, authority] = ix.accounts;
  if (destination.pubkey !== intent.owner) return `surplus goes to ${destination.pubkey}, not the owner`;
  if (authority.pubkey !== intent.owner || !authority.isSigner) return 'surplus authority is not the owner';
  if (source.pubkey === intent.owner || !sourcesOf(intent).has(source.pubkey))
    return `surplus withdrawal from an account not checked as the owner's: ${source.pubkey}`;
  return null;
}
