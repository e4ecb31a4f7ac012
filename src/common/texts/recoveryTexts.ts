// Texts of the recovery sources' section ("More SOL in your wallet") and of Recover everything (ours). Each source's
// own words (its label, its noun, its detail) live in its folder (recoverySourceTexts.ts).
import type { RecoveryState } from '../api/recovery';
import { SHARED_TEXTS } from './sharedTexts';

export const RECOVERY_SECTION = {
  title: 'More SOL in your wallet',
  intro:
    'Stake accounts, program buffers, nonce accounts, lookup tables, closable mints, wrapped SOL, open orders and Pump.fun rewards your wallet controls.',
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
