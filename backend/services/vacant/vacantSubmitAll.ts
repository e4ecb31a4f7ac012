// Relaying a recovery of several transactions (submit-burn): every transaction is checked, co-signed when the relayer
// pays its fee, and sent, one after another; only then are they confirmed, all together in one poll (a relayed one
// is confirmed before the next is sent: see submitChecked). Sent and
// confirmed one at a time, a large recovery (the `large` profile: about 44 transactions) took longer than the life of
// the blockhash it was prepared with (150 blocks, about 60 s at 400 ms a slot), and its last transactions expired
// (RELIABILITY, "What changed to make these hold").
import { DEFAULT_CONFIRM_TIMEOUT_MS } from '../../config';
import { AppError } from '../../errors';
import type { Relayer } from '../relayer/relayer';
import { coSign, settleRelayed, type CoSigned } from '../relayer/relaySubmit';
import type { RpcClient } from '../rpc/rpc';
import { sendAndConfirm, type SendOutcome } from '../rpc/send';
import type { PreparedBurnStore } from './vacantPrepared';
import { fetchLanded, figuresOfLanded, notLanded } from './vacantSent';
import { sendFailure, type Checked, type SubmittedBurn } from './vacantSubmit';

export interface SubmitDeps {
  store: PreparedBurnStore;
  rpc: RpcClient;
  relayer: Relayer | null | undefined;
  /** Config.confirmTimeoutMs (default DEFAULT_CONFIRM_TIMEOUT_MS). */
  confirmTimeoutMs?: number;
}

/** What landed, in the order sent, and the first failure (a send refused stops the sending; earlier ones still land). */
export interface SubmitOutcome {
  done: SubmittedBurn[];
  failure: AppError | null;
}

const sentButNotConfirmed = (signature: string) =>
  `Transaction ${signature} was sent but not confirmed in time. Check the explorer.`;

/** Sent transactions' endings (each one's figures read from the chain, or why not) and the send refused, if one was. */
interface Sending {
  endings: Promise<SubmittedBurn>[];
  refused: AppError | null;
}

/**
 * Sends these transactions and waits for them together (sendAndConfirm; the node rebroadcasts them: ours would cost
 * the provider a call per transaction every 2 s). A refused send stops the sending, with the chain's words.
 */
async function sendAll(deps: SubmitDeps, items: Checked[]): Promise<Sending> {
  const outcomes = await sendAndConfirm(
    deps.rpc,
    items.map((item) => item.bytes),
    { timeoutMs: deps.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS, rebroadcast: false },
  );
  const sending: Sending = { endings: [], refused: null };
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'refused') sending.refused = sendFailure(outcome.err);
    else sending.endings.push(figuresOfSent(deps, items[i], outcome));
  });
  return sending;
}

async function figuresOfSent(deps: SubmitDeps, item: Checked, outcome: SendOutcome): Promise<SubmittedBurn> {
  const { signature } = outcome;
  if (outcome.status !== 'confirmed') throw notLanded(signature, outcome, sentButNotConfirmed(signature));
  deps.store.forget(item.message);
  return figuresOfLanded(item.prepared, signature, await fetchLanded(deps.rpc, signature));
}

/** A relayed transaction, co-signed: sent and waited for alone; the relayer's reservation is settled by its ending. */
async function sendRelayed(deps: SubmitDeps, relayer: Relayer, ready: CoSigned): Promise<Sending> {
  const settle = (ending: Promise<SubmittedBurn>) => settleRelayed(relayer, ready.reservation, ending);
  const sending = await sendAll(deps, [ready]);
  // Refused before sending: the use is given back.
  if (sending.refused) await settle(Promise.reject(sending.refused)).catch(() => undefined);
  return { endings: sending.endings.map(settle), refused: sending.refused };
}

/**
 * Sends the checked transactions in order and reads each landed one's figures from the chain. Those the owner pays
 * for are sent one after another, then waited for together (each run of them up to a relayed one). A relayed one is
 * sent and confirmed before the next is sent: the relayer takes one relayed transaction per wallet at a time
 * (RelayerPolicy.reserve), so sending the second before the first landed was refused with 429 half-way through.
 * A refused send, or a relayed one that did not land, stops the rest (they are not sent).
 */
export async function submitChecked(deps: SubmitDeps, checked: Checked[], client: string): Promise<SubmitOutcome> {
  const endings: PromiseSettledResult<SubmittedBurn>[] = [];
  let refusal: AppError | null = null;
  for (let i = 0; i < checked.length && !refusal;) {
    // The owner's own fee: this one and those after it up to the next relayed one, sent together.
    let end = i;
    while (end < checked.length && !checked[end].prepared.feePayer) end++;
    let sending: Sending;
    if (end > i) sending = await sendAll(deps, checked.slice(i, end));
    else {
      end = i + 1;
      const { relayer } = deps;
      let ready: CoSigned;
      try {
        if (!relayer) throw new AppError(503, 'no_relayer_key', undefined, true);
        ready = await coSign(relayer, deps.rpc, checked[i], client);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refusal = err;
        break;
      }
      sending = await sendRelayed(deps, relayer, ready);
    }
    const settled = await Promise.allSettled(sending.endings);
    endings.push(...settled);
    refusal = sending.refused;
    // A relayed one that did not land stops the rest.
    if (checked[i].prepared.feePayer && settled.some((s) => s.status === 'rejected')) break;
    i = end;
  }
  const done: SubmittedBurn[] = [];
  let failure: AppError | null = null;
  for (const ending of endings) {
    if (ending.status === 'fulfilled') done.push(ending.value);
    else if (!(ending.reason instanceof AppError)) throw ending.reason;
    else failure ??= ending.reason;
  }
  return { done, failure: failure ?? refusal };
}
