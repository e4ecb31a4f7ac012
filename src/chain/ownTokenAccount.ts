// The owner's token account, as the guard's chain rules read it: held by the token program the instruction calls,
// a token account by its head, and the owner's. Shared by the burn rules (chainRules.ts) and the empty-account
// source (recovery/sources/vacant/source.ts).
import type { ChainFacts } from './chainRules';
import { readTokenAccountHead } from './tokenAccountData';

/** The owner's token account of one of `programIds`, or the reason it is not one. */
export function ownTokenAccount(facts: ChainFacts, address: string, programIds: string[]) {
  const snapshot = facts.account(address);
  if (!snapshot) return `account ${address} does not exist on chain`;
  if (!programIds.includes(snapshot.owner)) return `account ${address} is not held by the token program`;
  const head = readTokenAccountHead(snapshot.data);
  if (!head) return `account ${address} is not a token account`;
  if (head.owner !== facts.owner) return `account ${address} belongs to ${head.owner}, not the owner`;
  return { snapshot, head };
}
