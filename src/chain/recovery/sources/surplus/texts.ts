// The surplus source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { SurplusDetail } from './source';

const SURPLUS_DETAIL = {
  surplusAccount: "Token account kept: the SOL above today's rent minimum comes back.",
  surplusMint: "Mint you are the authority of: the SOL above today's rent minimum comes back.",
} as const;

export const surplusTexts: SourceTexts<SurplusDetail> = {
  name: 'Rent surplus',
  noun: 'account holding surplus rent',
  detail: ({ about }) => SURPLUS_DETAIL[about],
};
