// The recovery sources' own words, collected through the registry from their folders
// (src/chain/recovery/sources/<kind>/texts.ts): a new source brings its words with it. Not in this folder's index.ts:
// the registry is in the flows' lazy chunk, and the first view must not load it.
import { RECOVERY_SOURCE_TEXTS } from '../../chain/recovery/registry';
import type { RecoveryDetail, SourceTexts } from '../../chain/recovery/source';
import type { RecoveryKind } from '../api/recovery';

/** A source's label on the page: "Stake account". */
export const recoveryKindName = (kind: RecoveryKind): string => RECOVERY_SOURCE_TEXTS[kind].name;

/** The words of a scanned item's detail (src/chain/recovery/source.ts `RecoveryDetail`), as the server sends them. */
export const recoveryDetailText = (kind: RecoveryKind, detail: RecoveryDetail): string =>
  (RECOVERY_SOURCE_TEXTS[kind] as SourceTexts<RecoveryDetail>).detail(detail);

/** The refusal of an address none of `kinds` (a flow's sources, in the registry's order) lists for this wallet. */
export function notRecoverable(address: string, kinds: readonly RecoveryKind[]): string {
  const nouns = kinds.map((kind) => RECOVERY_SOURCE_TEXTS[kind].noun);
  const list = nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} or ${nouns.at(-1)}` : nouns.join('');
  return `${address} is not a ${list} this wallet can recover from.`;
}
