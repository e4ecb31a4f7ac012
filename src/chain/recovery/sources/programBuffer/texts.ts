// The programBuffer source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { ProgramBufferDetail } from './source';

export const programBufferTexts: SourceTexts<ProgramBufferDetail> = {
  name: 'Program buffer',
  noun: 'program buffer',
  detail: () => 'Program buffer left by a deploy: closing it returns its whole balance.',
};
