// The wrappedSol source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import { formatSol } from '../../../format';
import type { SourceTexts } from '../../source';
import type { WrappedSolDetail } from './source';

export const wrappedSolTexts: SourceTexts<WrappedSolDetail> = {
  name: 'Wrapped SOL',
  noun: 'wrapped SOL account',
  detail: ({ wrappedLamports, rentLamports }) =>
    `Wrapped SOL: closing the account unwraps ${formatSol(wrappedLamports)} SOL, your own SOL (no fee on it), and returns its rent, ${formatSol(rentLamports)} SOL.`,
};
