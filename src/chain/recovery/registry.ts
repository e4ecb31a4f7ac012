// The one list of recovery sources: the server's scan, prepare and estimate and the page's guard iterate over it, and
// the kinds (RecoveryKind, RECOVERY_KINDS) are read from it. Adding a source: one folder under sources/ and one line
// here (docs/ARCHITECTURE.md, "Adding a recovery source").
import type { RecoveryKind } from '../../common/api/recovery';
import type { RecoveryFlow, RecoverySource } from './source';
import { approvalSource } from './sources/approval/source';
import { closableMintSource } from './sources/closableMint/source';
import { lookupTableSource } from './sources/lookupTable/source';
import { nonceSource } from './sources/nonce/source';
import { openbookV1Source } from './sources/openbookV1/source';
import { openbookV2Source } from './sources/openbookV2/source';
import { programBufferSource } from './sources/programBuffer/source';
import { pumpCreatorFeeSource } from './sources/pumpCreatorFee/source';
import { pumpVolumeAccumulatorSource } from './sources/pumpVolumeAccumulator/source';
import { stakeSource } from './sources/stake/source';
import { surplusSource } from './sources/surplus/source';
import { vacantSource } from './sources/vacant/source';
import { wrappedSolSource } from './sources/wrappedSol/source';

export const RECOVERY_SOURCES = [
  stakeSource,
  programBufferSource,
  nonceSource,
  lookupTableSource,
  approvalSource,
  closableMintSource,
  wrappedSolSource,
  openbookV1Source,
  openbookV2Source,
  vacantSource,
  surplusSource,
  pumpCreatorFeeSource,
  pumpVolumeAccumulatorSource,
] as const;

export const RECOVERY_KINDS: readonly RecoveryKind[] = RECOVERY_SOURCES.map((s) => s.kind);

export const recoverySource = (kind: RecoveryKind): RecoverySource =>
  (RECOVERY_SOURCES as readonly RecoverySource[]).find((s) => s.kind === kind)!;

/** The sources one page flow recovers (`recover`: More SOL in your wallet; `closeVacant`: empty accounts, surplus). */
export const sourcesOfFlow = (flow: RecoveryFlow): readonly RecoverySource[] =>
  (RECOVERY_SOURCES as readonly RecoverySource[]).filter((s) => s.flow === flow);
