// One outcome line per section of the assets screen: a new success or error replaces the section's old line, it never
// adds a second one (lines had piled up). Every section that reports an outcome in the page is listed here with the
// lines it shows; each runs a success, then a failure, then a success again through the app's own reducers.
import type { Action } from '@reduxjs/toolkit';
import { rootReducer, type CombinedState } from '../../../src/app/rootReducer';
import { singleBurnRequested } from '../../../src/app/events';
import { burnFailed, burnSucceeded } from '../../../src/features/burn/burn/burnSlice';
import { recoveryEnded, recoveryRequested } from '../../../src/features/recover/recovery/recoverySlice';
import {
  revokeFailed,
  revokeOffered,
  revokeRequested,
  revokeSucceeded,
} from '../../../src/features/trash/revoke/revokeSlice';
import {
  robustTrashFinished,
  trashModalOpened,
  trashRequested,
  trashSucceeded,
} from '../../../src/features/trash/trash/trashSlice';
import {
  vacantBurnEnded,
  vacantBurnRequested,
  vacantBurnSucceeded,
} from '../../../src/features/recover/vacant/vacantSlice';

type Outcome = (text: string, s: CombinedState) => Action[];
interface Section {
  /** Every outcome line the section shows (its components render exactly these). */
  lines: (s: CombinedState) => (string | null | undefined)[];
  success: Outcome;
  failure: Outcome;
}

const asset = { mint: 'cnft', name: 'A cNFT', image: '' };
const vacantResult = {
  accountCount: 1,
  recoveredLamports: 1,
  serviceFeeLamports: 0,
  signature: 's',
  signatures: ['s'],
};

const SECTIONS: Record<string, Section> = {
  'token and NFT burns': {
    lines: (s) => [s.burn.message?.text],
    success: (text) => [
      singleBurnRequested({ kind: 'token', mint: 'm' }),
      burnSucceeded({
        result: { kind: 'token', mints: ['m'], signatures: ['s'], lamportsRecovered: 1 },
        message: { kind: 'success', text },
      }),
    ],
    failure: (text) => [singleBurnRequested({ kind: 'nft', mint: 'n' }), burnFailed({ name: 'E', message: text })],
  },
  'empty accounts banner': {
    lines: (s) => [s.vacant.alert],
    success: (text, s) => [
      vacantBurnRequested(),
      vacantBurnSucceeded({ runId: s.vacant.runId + 1, result: vacantResult, alert: text }),
    ],
    failure: (text, s) => [vacantBurnRequested(), vacantBurnEnded({ runId: s.vacant.runId + 1, alert: text })],
  },
  'More SOL': {
    lines: (s) => [s.recovery.message],
    success: (text) => [
      recoveryRequested({ ask: { scope: 'chosen', addresses: ['a'] } }),
      recoveryEnded({ ok: true, message: text }),
    ],
    failure: (text) => [
      recoveryRequested({ ask: { scope: 'chosen', addresses: ['a'] } }),
      recoveryEnded({ ok: false, message: text }),
    ],
  },
  'cNFT trash': {
    lines: (s) => [s.trash.banner?.text],
    success: (text) => [
      trashModalOpened({ way: 'direct', asset }),
      trashRequested({ asset }),
      trashSucceeded({ outcome: null, banner: { kind: 'success', text }, closeModal: true }),
    ],
    failure: (text) => [trashModalOpened({ way: 'direct', asset }), robustTrashFinished({ asset, error: text })],
  },
  'revoke of the queue’s delegations': {
    lines: (s) => [s.revoke.status === 'done' ? `done ${s.revoke.revoked.join()}` : null, s.revoke.error],
    success: (text) => [revokeOffered({ assetIds: [text] }), revokeRequested(), revokeSucceeded({ revoked: [text] })],
    failure: (text) => [revokeOffered({ assetIds: ['x'] }), revokeRequested(), revokeFailed(text)],
  },
};

it.each(Object.entries(SECTIONS))('%s: each new outcome replaces the old line', (_name, section) => {
  let state = rootReducer(undefined, { type: 'init' });
  const shown = () => section.lines(state).filter(Boolean);
  const run = (outcome: Outcome, text: string) => {
    for (const action of outcome(text, state)) state = rootReducer(state, action);
  };
  run(section.success, 'first');
  expect(shown()).toHaveLength(1);
  run(section.failure, 'second');
  expect(shown()).toHaveLength(1);
  expect(shown()[0]).toContain('second');
  run(section.success, 'third');
  expect(shown()).toHaveLength(1);
  expect(shown()[0]).toContain('third');
});
