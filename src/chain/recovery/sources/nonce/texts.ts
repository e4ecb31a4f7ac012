// The nonce source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { NonceDetail } from './source';

export const nonceTexts: SourceTexts<NonceDetail> = {
  name: 'Nonce account',
  noun: 'nonce account',
  detail: () => 'Durable nonce account: left alone unless ticked, it may sign offline transactions.',
};
