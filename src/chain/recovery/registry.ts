// The one list of recovery sources: the server's scan, prepare and estimate and the page's guard iterate over it, and
// the kinds (RecoveryKind, RECOVERY_KINDS) are read from it; the text catalogue reads each source's words from it.
// Adding a source: one folder under sources/ and its lines here (docs/ARCHITECTURE.md, "Adding a recovery source").
import type { RecoveryKind } from '../../common/api/recovery';
import type { DetailOf, RecoveryFlow, RecoverySource, SourceTexts } from './source';
import { approvalSource } from './sources/approval/source';
import { approvalTexts } from './sources/approval/texts';
import { closableMintSource } from './sources/closableMint/source';
import { closableMintTexts } from './sources/closableMint/texts';
import { lookupTableSource } from './sources/lookupTable/source';
import { lookupTableTexts } from './sources/lookupTable/texts';
import { nonceSource } from './sources/nonce/source';
import { nonceTexts } from './sources/nonce/texts';
import { openbookV1Source } from './sources/openbookV1/source';
import { openbookV1Texts } from './sources/openbookV1/texts';
import { openbookV2Source } from './sources/openbookV2/source';
import { openbookV2Texts } from './sources/openbookV2/texts';
import { programBufferSource } from './sources/programBuffer/source';
import { programBufferTexts } from './sources/programBuffer/texts';
import { pumpCreatorFeeSource } from './sources/pumpCreatorFee/source';
import { pumpCreatorFeeTexts } from './sources/pumpCreatorFee/texts';
import { pumpVolumeAccumulatorSource } from './sources/pumpVolumeAccumulator/source';
import { pumpVolumeAccumulatorTexts } from './sources/pumpVolumeAccumulator/texts';
import { stakeSource } from './sources/stake/source';
import { stakeTexts } from './sources/stake/texts';
import { surplusSource } from './sources/surplus/source';
import { surplusTexts } from './sources/surplus/texts';
import { vacantSource } from './sources/vacant/source';
import { vacantTexts } from './sources/vacant/texts';
import { wrappedSolSource } from './sources/wrappedSol/source';
import { wrappedSolTexts } from './sources/wrappedSol/texts';

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

type Registered = (typeof RECOVERY_SOURCES)[number];
/** Each source's words (its folder's texts.ts), by kind: read by src/common/texts/recoverySourceTexts.ts only. */
export const RECOVERY_SOURCE_TEXTS = {
  stake: stakeTexts,
  programBuffer: programBufferTexts,
  nonce: nonceTexts,
  lookupTable: lookupTableTexts,
  approval: approvalTexts,
  closableMint: closableMintTexts,
  wrappedSol: wrappedSolTexts,
  openbookV1: openbookV1Texts,
  openbookV2: openbookV2Texts,
  vacant: vacantTexts,
  surplus: surplusTexts,
  pumpCreatorFee: pumpCreatorFeeTexts,
  pumpVolumeAccumulator: pumpVolumeAccumulatorTexts,
} satisfies { [S in Registered as S['kind']]: SourceTexts<DetailOf<S>> };

export const recoverySource = (kind: RecoveryKind): RecoverySource =>
  (RECOVERY_SOURCES as readonly RecoverySource[]).find((s) => s.kind === kind)!;

/** The sources one page flow recovers (`recover`: More SOL in your wallet; `closeVacant`: empty accounts, surplus). */
export const sourcesOfFlow = (flow: RecoveryFlow): readonly RecoverySource[] =>
  (RECOVERY_SOURCES as readonly RecoverySource[]).filter((s) => s.flow === flow);
