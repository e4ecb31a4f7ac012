// The one list of recovery sources: the server's scan, prepare and estimate and the page's guard iterate over it.
// Adding a source: one file under sources/ and one line here (docs/ARCHITECTURE.md, "Adding a source").
import type { RecoveryKind } from '../../common/api/recovery';
import type { RecoveryFlow, RecoverySource } from './source';
import { approvalSource } from './sources/approval';
import { lookupTableSource } from './sources/lookupTable';
import { nonceSource } from './sources/nonce';
import { programBufferSource } from './sources/programBuffer';
import { stakeSource } from './sources/stake';
import { surplusSource } from './sources/surplus';
import { vacantSource } from './sources/vacant';

export const RECOVERY_SOURCES: readonly RecoverySource[] = [
  stakeSource,
  programBufferSource,
  nonceSource,
  lookupTableSource,
  approvalSource,
  vacantSource,
  surplusSource,
];

export const recoverySource = (kind: RecoveryKind): RecoverySource => RECOVERY_SOURCES.find((s) => s.kind === kind)!;

/** The sources one page flow recovers (`recover`: More SOL in your wallet; `closeVacant`: empty accounts, surplus). */
export const sourcesOfFlow = (flow: RecoveryFlow): readonly RecoverySource[] =>
  RECOVERY_SOURCES.filter((s) => s.flow === flow);
