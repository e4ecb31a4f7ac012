// Co-signing a relayed transaction (PRODUCT difference 15). Before the relayer's signature is added: the message is exactly one
// this server prepared (checkSubmitted found it by the hash of its bytes, and the owner's signature verified), the
// client and owner are within the day's limits, and a simulation of the fully signed transaction succeeds with the
// relayer's balance not lower than before. It is counted first and given back when refused.
import { VersionedTransaction } from '@solana/web3.js';
import { appError, AppError } from '../../errors';
import type { Relayer, Reservation } from './relayer';
import type { RpcClient } from '../rpc/rpc';
import type { Checked } from '../vacant/vacantSubmit';

/** A checked transaction the relayer signed, and the use of its allowance it holds until settled. */
export type CoSigned = Checked & { reservation: Reservation };

export async function coSign(relayer: Relayer, rpc: RpcClient, item: Checked, client: string): Promise<CoSigned> {
  const { prepared } = item;
  if (prepared.feePayer !== relayer.address) throw appError(400, 'other_fee_payer');
  // Counted before anything is awaited; given back below when refused (RELIABILITY, "The fee relayer").
  const reservation = relayer.policy.reserve(client, prepared.owner);
  if (typeof reservation === 'string') throw appError(429, 'relay_limit', reservation);
  try {
    return { ...(await checkedBySimulation(relayer, rpc, item)), reservation };
  } catch (err) {
    relayer.policy.release(reservation);
    throw err;
  }
}

/** The fully signed transaction, once a simulation shows it succeeds and leaves the relayer no poorer. */
async function checkedBySimulation(relayer: Relayer, rpc: RpcClient, item: Checked): Promise<Checked> {
  const tx = VersionedTransaction.deserialize(item.bytes);
  tx.sign([relayer.keypair]);
  const bytes = Buffer.from(tx.serialize());
  const before = await relayer.balance(true);
  const sim = await rpc.call<{
    value: { err: unknown; logs?: string[]; accounts?: ({ lamports: number } | null)[] | null };
  }>('simulateTransaction', [
    bytes.toString('base64'),
    {
      encoding: 'base64',
      sigVerify: true,
      commitment: 'confirmed',
      accounts: { encoding: 'base64', addresses: [relayer.address] },
    },
  ]);
  if (sim.value.err) throw appError(400, 'simulation_failed', JSON.stringify(sim.value.err));
  const after = sim.value.accounts?.[0]?.lamports;
  if (after === undefined || after < before) throw appError(400, 'relayer_loss');
  relayer.onRelayed(item.prepared.repayment ?? 0); // metrics (docs/OPERATIONS.md)
  return { ...item, bytes };
}

/**
 * Settles a co-signed transaction's reservation from how its send ended: refused before it was sent (rate limited,
 * or the node's preflight refused it) gives the use back; failed on chain weighs on its owner and client; landed, or
 * an outcome not known in time, keeps it counted.
 */
export async function settleRelayed<T>(relayer: Relayer, reservation: Reservation, sending: Promise<T>): Promise<T> {
  try {
    const result = await sending;
    relayer.policy.finish(reservation, false);
    return result;
  } catch (err) {
    const e = err instanceof AppError ? err : null;
    if (e && (e.status === 429 || (e.id === 'send_failed' && /simulation failed/i.test(e.message))))
      relayer.policy.release(reservation);
    else relayer.policy.finish(reservation, e?.id === 'transaction_failed');
    throw err;
  }
}
