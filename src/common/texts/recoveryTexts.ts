// Texts of the recovery sources ("More SOL in your wallet"): the scan's details and the page's section (ours).
import { exactSol, formatSol } from '../../chain/format';
import type { RecoveryDetail } from '../../chain/recovery/source';
import type { RecoveryKind, RecoveryState } from '../api/recovery';
import { SHARED_TEXTS } from './sharedTexts';

export const STAKE_ACCOUNTS = {
  inactive: 'Not delegated: the whole balance comes back.',
  delegated: (sol: string, voter: string) =>
    `Delegated: ${sol} SOL stays staked with ${voter}; only the SOL above today's rent comes back. Deactivating would free the stake after the epoch ends (SolBack never deactivates it).`,
  deactivating: (sol: string) =>
    `Deactivating: ${sol} SOL comes back after this epoch; only the SOL above today's rent comes back now.`,
  principal: (sol: string) => `${sol} SOL of unstaked SOL (no fee on it).`,
  lockedUp: 'Locked up by its custodian: left alone.',
} as const;

export const RECOVERY_DETAIL = {
  buffer: 'Program buffer left by a deploy: closing it returns its whole balance.',
  nonce: 'Durable nonce account: left alone unless ticked, it may sign offline transactions.',
  tableActive:
    'Active lookup table: left alone unless ticked, bots and programs may still use it. Deactivate now, close about 513 slots later (about 3.5 minutes at 0.4 s a slot).',
  tableCooling: 'Deactivated: it can be closed once its deactivation slot has left the slot hashes.',
  tableReady: 'Deactivated and cooled down: closing returns its rent.',
  vacant: 'Empty token account: closing it returns its rent.',
  surplusAccount: "Token account kept: the SOL above today's rent minimum comes back.",
  surplusMint: "Mint you are the authority of: the SOL above today's rent minimum comes back.",
  closableMint:
    'Token-2022 mint you can close: nothing was minted and you are its close authority. Closing returns its whole balance; the token can never be minted again.',
  wrappedSol: (wrapped: string, rent: string) =>
    `Wrapped SOL: closing the account unwraps ${wrapped} SOL, your own SOL (no fee on it), and returns its rent, ${rent} SOL.`,
  openbookV1Empty: 'OpenBook v1 (Serum) open-orders account holding nothing: closing it returns its rent.',
  openbookV1Settle:
    'OpenBook v1 (Serum) open-orders account holding tokens free to withdraw: they go to your token accounts first, then closing it returns its rent.',
  openbookV1Funds:
    'OpenBook v1 (Serum) open-orders account with orders or locked tokens on its market: left alone. Cancel them on a trading site first; SolBack can then close it.',
  openbookV1NoWallet:
    "OpenBook v1 (Serum) open-orders account holding tokens free to withdraw, but your wallet has no token account for both of its market's tokens: left alone. Settle it on a trading site first; SolBack can then close it.",
  openbookV2Empty: (accounts: number) =>
    `OpenBook v2: ${accounts === 1 ? 'an open-orders account' : `${accounts} open-orders accounts`} holding nothing, listed in your OpenBook v2 index account. Closing ${accounts === 1 ? 'it returns its' : 'them returns their'} rent, and the index account's rent it no longer needs.`,
  openbookV2Funds:
    'OpenBook v2 open-orders account still holding tokens or orders on its market: left alone. Settle or cancel them on a trading site first; SolBack can then close it.',
  approval: (delegate: string, amount: string) =>
    `Approval: ${delegate} may move ${amount} of these tokens. Revoking returns no SOL, it is for safety.`,
  pumpCreatorFee: (fees: string, swapFees: string | null) =>
    `Pump.fun creator fees: ${fees} SOL your coins earned on the bonding curve${swapFees ? ` and ${swapFees} SOL on PumpSwap` : ''} come back (claimed rewards, not rent); the vault stays open for new fees.`,
  pumpAccumulator: (cashback: string, rent: string) =>
    `Pump.fun volume accumulator: ${cashback} SOL of cashback (claimed rewards) and its rent, ${rent} SOL, come back when it closes.`,
  pumpAccumulatorIncentives:
    'Pump.fun volume accumulator with PUMP rewards not yet claimed: left alone, closing it would forfeit them.',
} as const;

/** The words of a scan's detail (src/chain/recovery/source.ts `RecoveryDetail`), as the server sends them. */
export function recoveryDetailText(detail: RecoveryDetail): string {
  if (detail.about === 'approval') return RECOVERY_DETAIL.approval(detail.delegate, detail.amount);
  if (detail.about === 'pumpCreatorFee')
    return RECOVERY_DETAIL.pumpCreatorFee(
      exactSol(detail.feeLamports),
      detail.swapFeeLamports > 0 ? exactSol(detail.swapFeeLamports) : null,
    );
  if (detail.about === 'pumpAccumulator')
    return RECOVERY_DETAIL.pumpAccumulator(exactSol(detail.cashbackLamports), exactSol(detail.rentLamports));
  if (detail.about === 'wrappedSol')
    return RECOVERY_DETAIL.wrappedSol(formatSol(detail.wrappedLamports), formatSol(detail.rentLamports));
  if (detail.about === 'openbookV2Empty') return RECOVERY_DETAIL.openbookV2Empty(detail.accounts);
  if (detail.about !== 'stake') return RECOVERY_DETAIL[detail.about];
  const d = detail.delegation;
  const state =
    d.state === 'inactive'
      ? STAKE_ACCOUNTS.inactive
      : d.state === 'deactivating'
        ? STAKE_ACCOUNTS.deactivating(formatSol(d.stakeLamports))
        : STAKE_ACCOUNTS.delegated(formatSol(d.stakeLamports), d.voter);
  const principal = detail.principalLamports > 0 ? STAKE_ACCOUNTS.principal(formatSol(detail.principalLamports)) : '';
  return [state, principal, detail.lockedUp ? STAKE_ACCOUNTS.lockedUp : ''].filter(Boolean).join(' ');
}

/** Each source as a sentence names it: "… is not a stake account, program buffer, … or approval …". */
const RECOVERY_SOURCE_NOUNS = {
  stake: 'stake account',
  programBuffer: 'program buffer',
  nonce: 'nonce account',
  lookupTable: 'lookup table',
  approval: 'approval',
  closableMint: 'closable mint',
  wrappedSol: 'wrapped SOL account',
  openbookV1: 'OpenBook v1 open-orders account',
  openbookV2: 'OpenBook v2 open-orders account',
  vacant: 'empty token account',
  surplus: 'account holding surplus rent',
  pumpCreatorFee: 'Pump.fun creator vault',
  pumpVolumeAccumulator: 'Pump.fun volume accumulator',
} satisfies Record<RecoveryKind, string>;

/** The refusal of an address none of `kinds` (a flow's sources, in the registry's order) lists for this wallet. */
export function notRecoverable(address: string, kinds: readonly RecoveryKind[]): string {
  const nouns = kinds.map((kind) => RECOVERY_SOURCE_NOUNS[kind]);
  const list = nouns.length > 1 ? `${nouns.slice(0, -1).join(', ')} or ${nouns.at(-1)}` : nouns.join('');
  return `${address} is not a ${list} this wallet can recover from.`;
}

export const RECOVERY_SECTION = {
  title: 'More SOL in your wallet',
  intro:
    'Stake accounts, program buffers, nonce accounts, lookup tables, closable mints, wrapped SOL, open orders and Pump.fun rewards your wallet controls.',
  kinds: {
    stake: 'Stake account',
    programBuffer: 'Program buffer',
    nonce: 'Nonce account',
    lookupTable: 'Lookup table',
    approval: 'Token approval',
    closableMint: 'Closable mint',
    wrappedSol: 'Wrapped SOL',
    openbookV1: 'OpenBook v1 open orders',
    openbookV2: 'OpenBook v2 open orders',
    vacant: 'Empty token account',
    surplus: 'Rent surplus',
    pumpCreatorFee: 'Pump.fun and PumpSwap creator fees',
    pumpVolumeAccumulator: 'Pump.fun cashback and volume accumulator',
  } satisfies Record<RecoveryKind, string>,
  states: {
    ready: 'Ready',
    'cooling-down': 'Cooling down',
    'deactivate-first': 'Deactivate first',
    'left-alone': SHARED_TEXTS.leftAlone,
  } satisfies Record<RecoveryState, string>,
  notChecked: 'Not checked on this provider',
  nothing: 'Nothing more to recover here.',
  recover: (count: number) => `Recover from ${count} selected`,
  returns: (sol: string) => `${sol} SOL back`,
  /** A table still active: its deactivation returns nothing, the close after the cooldown returns this. */
  returnsAfterClose: (sol: string) => `${sol} SOL back after the close`,
  /** `slotMs` measured from the network's recent slots; otherwise the assumed one, and the text says so. */
  readyIn: (slots: number, slotMs: number, measured: boolean) =>
    `Closable in ${slots} slots (about ${Math.ceil((slots * slotMs) / 60_000)} min${measured ? '' : `, if slots take ${slotMs / 1000} s`})`,
  deactivated: 'Table deactivated: the close will be offered when it is ready.',
  /** `sol` is the wallet's gain as the chain recorded it; `parts` (recoveredParts) what it is made of. */
  done: (sol: string, parts: string) => `Recovered ${sol} SOL: ${parts}.`,
  donePending:
    'Recovered. The chain has not recorded the transactions yet, so the SOL your wallet gained is not shown here.',
  revoked: 'Approvals revoked.',
  failed: (why: string) => `Recovery failed: ${why}`,
  refresh: 'Check again',
  reviewItems: 'Accounts recovered (closed, withdrawn or deactivated)',
  reviewRevokes: 'Approvals revoked (no SOL comes back: revoking is for safety)',
  cancelled: 'Cancelled. Nothing was recovered.',
} as const;

/** What a recovery's gain is made of: rent (and surplus) back, the owner's own SOL (unstaked, unwrapped) apart, less the fees. */
export const recoveredParts = (
  rent: string,
  principal: string | null,
  rewards: string | null,
  serviceFee: string,
  networkFee: string,
): string =>
  `${rent} SOL rent back${rewards ? `, ${rewards} SOL of rewards claimed` : ''}${principal ? ` and ${principal} SOL of your own SOL, unstaked or unwrapped (no fee on it)` : ''}, less the ${serviceFee} SOL service fee and the ${networkFee} SOL network fee`;

/** "Recover everything" (ours; docs/PRODUCT.md#recover-everything): one plan over every source, one review, one approval. */
export const RECOVER_EVERYTHING = {
  title: 'Recover everything',
  intro:
    'Everything that can come back now, in one review and one wallet approval: empty accounts, rent surplus, wrapped SOL, closable mints, approvals, stake, buffers, nonces and lookup tables. Untick anything you want to keep. Tokens and NFTs are never burned here.',
  button: (sol: string) => `Recover everything: ${sol} SOL`,
  nothing: 'Nothing can come back now.',
  kindLine: (count: number, sol: string) => `${count} selected, ${sol} SOL back`,
  laterTitle: 'Later steps',
  leftAloneTitle: SHARED_TEXTS.leftAlone,
  unticked: 'Unticked: you keep it.',
  notChecked: 'Not checked on this provider: nothing of this kind is in the plan.',
  neverBurned: 'Tokens and NFTs you hold: never burned here (burn them from their cards).',
  /** A ticked active table: the plan deactivates it now; its close is a second step. */
  tableLater: (slots: number) => `Deactivated now; its close is offered about ${slots} slots later, as a second step.`,
  closeTable: 'Close the lookup table now',
  tableReady: 'Lookup table cooled down: its close is ready.',
  /** The review's line per kind: what comes back, the service fee and its share of the network fee. */
  reviewKind: (label: string, count: number, back: string, fee: string, network: string) =>
    `${label} (${count}): ${back} SOL back, ${fee} SOL service fee, ${network} SOL network fee`,
  reviewKinds: 'What comes back, by kind',
  reviewLater: 'Needs a later step',
} as const;
