// After the chain confirmed a burn: the lists drop the assets, the message says what came back, the activity log
// gets an entry and the celebration plays. The message stays until the owner dismisses it or starts another burn
// (PRODUCT difference 18: a link that vanished after the spec's 8 s could not be read or followed in time).
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { exactSol, shortenSignature } from '../../../chain/format';
import { burnSuccess, burnSuccessPending, netParts, unwrapSuccess, unwrappedAlso } from '../../../common/texts';
import { ownerChangeWhenRecorded } from '../../wallet/wallet/landedChange';
import { ReviewCancelledError, SimulationRefusedError } from '../review/reviewStep';
import { activityRecorded, type ActivityType } from '../../activity/activity';
import { celebrationTriggered } from '../../activity/celebration';
import { assetsRemoved } from '../../../app/events';
import { burnFailed, burnMessageShown, burnSucceeded, type BurnKind } from './burnSlice';

export interface ConfirmedBurn {
  kind: BurnKind;
  owner: string;
  mints: string[];
  signatures: string[];
  /** Rent of the closed accounts of what was burned (wrapped SOL's own lamports not counted), lamports. */
  rentLamports: number;
  /** The service fee the confirmed transactions paid (0 for the burns the page builds). */
  serviceFeeLamports: number;
  /** 'the token XYZ', '3 NFTs' … for the message. */
  what: string;
  activity: { type: ActivityType; title: string; description: string };
  /** Wrapped SOL closed on the way: the owner's own SOL, said in the message but never counted as recovered. */
  unwrappedLamports?: number;
  /** Why the rest did not land, when only some transactions did: said first, on the same line as what landed. */
  stoppedText?: string;
}

/**
 * The success line, from the owner's change as the chain recorded it (`change`): the network fee is what the record
 * leaves after rent, unwrap and service fee. Undefined (no record yet): the line says the figure is not known rather
 * than putting the review's estimate in its place.
 */
export function burnSuccessText(burn: ConfirmedBurn, change: number | undefined, shortSignature: string): string {
  const unwrapped = burn.unwrappedLamports ?? 0;
  const also = unwrapped > 0 ? ` ${unwrappedAlso(exactSol(unwrapped))}` : '';
  if (change === undefined) return `${burnSuccessPending(burn.what, shortSignature)}${also}`;
  const networkFee = burn.rentLamports + unwrapped - burn.serviceFeeLamports - change;
  const net = change - unwrapped;
  if (unwrapped > 0 && burn.mints.length === 1)
    return unwrapSuccess(exactSol(change), exactSol(unwrapped), exactSol(networkFee), shortSignature);
  const fee = burn.serviceFeeLamports > 0 ? exactSol(burn.serviceFeeLamports) : null;
  const parts = netParts(exactSol(burn.rentLamports), fee, exactSol(networkFee));
  return `${burnSuccess(burn.what, exactSol(net), parts, shortSignature)}${also}`;
}

/** A burn the user cancelled at the review step, or that the chain refused in simulation: nothing was signed. */
export function burnStoppedBeforeSigning(api: AppListenerEffectAPI, err: unknown): boolean {
  if (!(err instanceof ReviewCancelledError) && !(err instanceof SimulationRefusedError)) return false;
  api.dispatch(burnFailed({ name: err.name, message: err.message }));
  if (err instanceof ReviewCancelledError) api.dispatch(burnMessageShown({ kind: 'info', text: err.message }));
  return true;
}

/** The lists, the status line, the activity log and the celebration, with the wallet's gain as the chain has it. */
export async function recordBurn(api: AppListenerEffectAPI, burn: ConfirmedBurn): Promise<void> {
  const last = burn.signatures[burn.signatures.length - 1];
  const change = await ownerChangeWhenRecorded(requireConnection(api.extra), burn.owner, burn.signatures, (ms) =>
    api.delay(ms),
  );
  // The wallet's gain as recorded; with no record yet, the rent less the service fee (both read before), no estimate.
  const net =
    change === undefined ? burn.rentLamports - burn.serviceFeeLamports : change - (burn.unwrappedLamports ?? 0);
  const text = burnSuccessText(burn, change, shortenSignature(last));
  api.dispatch(assetsRemoved({ kind: burn.kind, mints: burn.mints }));
  api.dispatch(
    burnSucceeded({
      result: { kind: burn.kind, mints: burn.mints, signatures: burn.signatures, lamportsRecovered: net },
      // One outcome line: a stop part-way says why, then what did land, never one replacing the other.
      message: burn.stoppedText
        ? {
            kind: 'error',
            text: `${burn.stoppedText} ${text}`,
            signature: last,
          }
        : { kind: 'success', text, signature: last },
    }),
  );
  api.dispatch(
    activityRecorded({
      ...burn.activity,
      lamports: net,
      transactions: burn.signatures.length,
      timestamp: Date.now(),
      signature: last,
    }),
  );
  api.dispatch(
    celebrationTriggered({ title: burn.activity.title, description: burn.activity.description, lamports: net }),
  );
}
