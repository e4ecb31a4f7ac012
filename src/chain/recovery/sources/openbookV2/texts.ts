// The openbookV2 source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { OpenbookV2Detail } from './source';

export const OPENBOOK_V2_DETAIL = {
  openbookV2Empty: (accounts: number) =>
    `OpenBook v2: ${accounts === 1 ? 'an open-orders account' : `${accounts} open-orders accounts`} holding nothing, listed in your OpenBook v2 index account. Closing ${accounts === 1 ? 'it returns its' : 'them returns their'} rent, and the index account's rent it no longer needs.`,
  openbookV2Funds:
    'OpenBook v2 open-orders account still holding tokens or orders on its market: left alone. Settle or cancel them on a trading site first; SolBack can then close it.',
} as const;

export const openbookV2Texts: SourceTexts<OpenbookV2Detail> = {
  name: 'OpenBook v2 open orders',
  noun: 'OpenBook v2 open-orders account',
  detail: (d) =>
    d.about === 'openbookV2Empty' ? OPENBOOK_V2_DETAIL.openbookV2Empty(d.accounts) : OPENBOOK_V2_DETAIL.openbookV2Funds,
};
