// After the chain confirmed a burn: the lists drop the assets, the message says what came back, the activity log
// gets an entry and the celebration plays. The message stays until the owner dismisses it or starts another burn
// (PRODUCT difference 18: a link that vanished after the spec's 8 s could not be read or followed in time).
import { exactSol, shortenSignature } from '../../chain/format';
import { burnSuccess, unwrapSuccess, unwrappedAlso } from '../../common/texts';
import { ReviewCancelledError, SimulationRefusedError } from '../review/reviewStep';
import { activityRecorded, type ActivityType } from '../activity';
import { celebrationTriggered } from '../celebration';
import { nftsRemoved } from '../nfts';
import { assetsDeselected } from '../selection';
import { tokensRemoved } from '../tokens';
import type { BurnApi } from './burnContext';
import { burnFailed, burnMessageShown, burnSucceeded, type BurnKind } from './burnSlice';

export interface ConfirmedBurn {
  kind: BurnKind;
  mints: string[];
  signatures: string[];
  /** What came back to the wallet from the closed accounts, after any service fee (lamports). */
  lamports: number;
  /** 'the token XYZ', '3 NFTs' … for the message. */
  what: string;
  activity: { type: ActivityType; title: string; description: string };
  /** Wrapped SOL closed on the way: the owner's own SOL, said in the message but never counted as recovered. */
  unwrappedLamports?: number;
}

function successText(burn: ConfirmedBurn, shortSignature: string): string {
  const unwrapped = burn.unwrappedLamports ?? 0;
  if (unwrapped > 0 && burn.mints.length === 1) return unwrapSuccess(exactSol(unwrapped), shortSignature);
  const text = burnSuccess(burn.what, exactSol(burn.lamports), shortSignature);
  return unwrapped > 0 ? `${text} ${unwrappedAlso(exactSol(unwrapped))}` : text;
}

/** A burn the user cancelled at the review step, or that the chain refused in simulation: nothing was signed. */
export function burnStoppedBeforeSigning(api: BurnApi, err: unknown): boolean {
  if (!(err instanceof ReviewCancelledError) && !(err instanceof SimulationRefusedError)) return false;
  api.dispatch(burnFailed({ name: err.name, message: err.message }));
  if (err instanceof ReviewCancelledError) api.dispatch(burnMessageShown({ kind: 'info', text: err.message }));
  return true;
}

export function recordBurn(api: BurnApi, burn: ConfirmedBurn): void {
  const last = burn.signatures[burn.signatures.length - 1];
  if (burn.kind === 'token') api.dispatch(tokensRemoved({ mints: burn.mints }));
  else api.dispatch(nftsRemoved({ mints: burn.mints }));
  api.dispatch(assetsDeselected({ kind: burn.kind, mints: burn.mints }));
  api.dispatch(
    burnSucceeded({
      result: { kind: burn.kind, mints: burn.mints, signatures: burn.signatures, lamportsRecovered: burn.lamports },
      message: { kind: 'success', text: successText(burn, shortenSignature(last)), signature: last },
    }),
  );
  api.dispatch(activityRecorded({ ...burn.activity, lamports: burn.lamports, timestamp: Date.now(), signature: last }));
  api.dispatch(
    celebrationTriggered({
      title: burn.activity.title,
      description: burn.activity.description,
      lamports: burn.lamports,
    }),
  );
}
