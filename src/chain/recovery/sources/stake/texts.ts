// The stake source's words: data the text catalogue collects through the registry
// (src/common/texts/recoverySourceTexts.ts); the source's code never reads them.
import { formatSol } from '../../../format';
import type { SourceTexts } from '../../source';
import type { StakeDetail } from './source';

const STAKE_DETAIL = {
  inactive: 'Not delegated: the whole balance comes back.',
  delegated: (sol: string, voter: string) =>
    `Delegated: ${sol} SOL stays staked with ${voter}; only the SOL above today's rent comes back. Deactivating would free the stake after the epoch ends (SolBack never deactivates it).`,
  deactivating: (sol: string) =>
    `Deactivating: ${sol} SOL comes back after this epoch; only the SOL above today's rent comes back now.`,
  principal: (sol: string) => `${sol} SOL of unstaked SOL (no fee on it).`,
  lockedUp: 'Locked up by its custodian: left alone.',
} as const;

export const stakeTexts: SourceTexts<StakeDetail> = {
  name: 'Stake account',
  noun: 'stake account',
  detail({ delegation: d, principalLamports, lockedUp }) {
    const state =
      d.state === 'inactive'
        ? STAKE_DETAIL.inactive
        : d.state === 'deactivating'
          ? STAKE_DETAIL.deactivating(formatSol(d.stakeLamports))
          : STAKE_DETAIL.delegated(formatSol(d.stakeLamports), d.voter);
    const principal = principalLamports > 0 ? STAKE_DETAIL.principal(formatSol(principalLamports)) : '';
    return [state, principal, lockedUp ? STAKE_DETAIL.lockedUp : ''].filter(Boolean).join(' ');
  },
};
