// The vacant source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { VacantDetail } from './source';

export const vacantTexts: SourceTexts<VacantDetail> = {
  name: 'Empty token account',
  noun: 'empty token account',
  detail: () => 'Empty token account: closing it returns its rent.',
};
