// Relaying a recovery of several transactions (submit-burn): every transaction is checked, co-signed when the relayer
// pays its fee, and sent, one after another; only then are they confirmed, all together in one poll (a relayed one
// is confirmed before the next is sent: see submitChecked). Sent and
// confirmed one at a time, a large recovery (the `large` profile: about 44 transactions) took longer than the life of
// the blockhash it was prepared with (150 blocks, about 60 s at 400 ms a slot), and its last transactions expired
// (RELIABILITY, "What changed to make these hold").
import { DEFAULT_CONFIRM_TIMEOUT_MS } from '../../config';
import { AppError, ServiceUnavailableError } from '../../errors';
import { pollSignatures } from '../rpc/connection';
import { RELAYER_UNAVAILABLE, type Relayer } from '../relayer/relayer';
import { coSign, settleRelayed } from '../relayer/relaySubmit';
import type { RpcClient } from '../rpc/rpc';
import type { PreparedBurnStore } from './vacantPrepared';
import { fetchLanded, figuresOfLanded, notLanded } from './vacantSent';
import { sendChecked, type Checked, type SubmittedBurn } from './vacantSubmit';

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

interface Sent {
  item: Checked;
  signature: string;
  /** Settles the relayer's reservation from how the transaction ended (relayer/relaySubmit.ts). */
  settle?: (ending: Promise<SubmittedBurn>) => Promise<SubmittedBurn>;
}

async function sendOne(deps: SubmitDeps, item: Checked, client: string): Promise<Sent> {
  const { rpc, relayer } = deps;
  if (!item.prepared.feePayer) return { item, signature: await sendChecked(rpc, item) };
  if (!relayer) throw ServiceUnavailableError(`${RELAYER_UNAVAILABLE}this server has no relayer key.`);
  const ready = await coSign(relayer, rpc, item, client);
  const settle = (ending: Promise<SubmittedBurn>) => settleRelayed(relayer, ready.reservation, ending);
  let signature: string;
  try {
    signature = await sendChecked(rpc, ready);
  } catch (err) {
    await settle(Promise.reject(err)).catch(() => undefined); // refused before sending: the use is given back
    throw err;
  }
  return { item: ready, signature, settle };
}

/** Waits for these sent transactions together; each one's ending: its figures read from the chain, or why not. */
async function confirmSent(deps: SubmitDeps, sent: Sent[]): Promise<Promise<SubmittedBurn>[]> {
  const outcomes = await pollSignatures(
    deps.rpc,
    sent.map((s) => s.signature),
    { timeoutMs: deps.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS },
  );
  return sent.map(({ item, signature, settle }, i) => {
    const ending = (async () => {
      if (outcomes[i].status !== 'confirmed') throw notLanded(signature, outcomes[i], sentButNotConfirmed(signature));
      deps.store.forget(item.message);
      return figuresOfLanded(item.prepared, signature, await fetchLanded(deps.rpc, signature));
    })();
    return settle ? settle(ending) : ending;
  });
}

/**
 * Sends every checked transaction, then confirms them together and reads each one's figures from the chain. A
 * relayed one is confirmed before the next is sent: the relayer takes one relayed transaction per wallet at a time
 * (RelayerPolicy.reserve), so sending the second before the first landed was refused with 429 half-way through.
 * One that did not land stops the rest (they are not sent).
 */
export async function submitChecked(deps: SubmitDeps, checked: Checked[], client: string): Promise<SubmitOutcome> {
  const endings: Promise<SubmittedBurn>[] = [];
  const batch: Sent[] = []; // sent by the owner's fee: confirmed together at the end
  let sendFailure: AppError | null = null;
  for (const item of checked) {
    let one: Sent;
    try {
      one = await sendOne(deps, item, client);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      sendFailure = err;
      break;
    }
    if (!one.settle) {
      batch.push(one);
      continue;
    }
    const [ending] = await confirmSent(deps, [one]);
    endings.push(ending);
    const landed = await ending.then(
      () => true,
      () => false,
    );
    if (!landed) break;
  }
  endings.push(...(await confirmSent(deps, batch)));
  const done: SubmittedBurn[] = [];
  let failure: AppError | null = null;
  for (const ending of await Promise.allSettled(endings)) {
    if (ending.status === 'fulfilled') done.push(ending.value);
    else if (!(ending.reason instanceof AppError)) throw ending.reason;
    else failure ??= ending.reason;
  }
  return { done, failure: failure ?? sendFailure };
}
