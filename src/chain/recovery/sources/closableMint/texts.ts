// The closableMint source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { ClosableMintDetail } from './source';

export const closableMintTexts: SourceTexts<ClosableMintDetail> = {
  name: 'Closable mint',
  noun: 'closable mint',
  detail: () =>
    'Token-2022 mint you can close: nothing was minted and you are its close authority. Closing returns its whole balance; the token can never be minted again.',
};
