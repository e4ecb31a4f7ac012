// The openbookV1 source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { OpenbookV1Detail } from './source';

export const OPENBOOK_V1_DETAIL = {
  openbookV1Empty: 'OpenBook v1 (Serum) open-orders account holding nothing: closing it returns its rent.',
  openbookV1Settle:
    'OpenBook v1 (Serum) open-orders account holding tokens free to withdraw: they go to your token accounts first, then closing it returns its rent.',
  openbookV1Funds:
    'OpenBook v1 (Serum) open-orders account with orders or locked tokens on its market: left alone. Cancel them on a trading site first; SolBack can then close it.',
  openbookV1NoWallet:
    "OpenBook v1 (Serum) open-orders account holding tokens free to withdraw, but your wallet has no token account for both of its market's tokens: left alone. Settle it on a trading site first; SolBack can then close it.",
} as const;

export const openbookV1Texts: SourceTexts<OpenbookV1Detail> = {
  name: 'OpenBook v1 open orders',
  noun: 'OpenBook v1 open-orders account',
  detail: ({ about }) => OPENBOOK_V1_DETAIL[about],
};
