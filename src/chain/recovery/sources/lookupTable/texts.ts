// The lookupTable source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import type { SourceTexts } from '../../source';
import type { LookupTableDetail } from './source';

const LOOKUP_TABLE_DETAIL = {
  tableActive:
    'Active lookup table: left alone unless ticked, bots and programs may still use it. Deactivate now, close about 513 slots later (about 3.5 minutes at 0.4 s a slot).',
  tableCooling: 'Deactivated: it can be closed once its deactivation slot has left the slot hashes.',
  tableReady: 'Deactivated and cooled down: closing returns its rent.',
} as const;

export const lookupTableTexts: SourceTexts<LookupTableDetail> = {
  name: 'Lookup table',
  noun: 'lookup table',
  detail: ({ about }) => LOOKUP_TABLE_DETAIL[about],
};
