// Co-signing a relayed transaction (PRODUCT difference 15). Before the relayer's signature is added: the message is exactly one
// this server prepared (checkSubmitted found it by the hash of its bytes, and the owner's signature verified), the
// client and owner are within the day's limits, and a simulation of the fully signed transaction succeeds with the
// relayer's balance not lower than before. Only then is it counted and handed to submitOne.
import { VersionedTransaction } from '@solana/web3.js';
import { AppError } from '../errors';
import { RELAYER_UNAVAILABLE, type Relayer } from './relayer';
import type { RpcClient } from './rpc';
import type { Checked } from './vacantSubmit';

export const SIMULATION_FAILED =
  'The transaction would fail on chain, so SolBack did not send it and nothing was paid: ';
export const RELAYER_WOULD_LOSE = 'The transaction would cost the fee relayer more than it repays. Nothing was sent.';

export async function coSign(relayer: Relayer, rpc: RpcClient, item: Checked, client: string): Promise<Checked> {
  const { prepared } = item;
  if (prepared.feePayer !== relayer.address)
    throw new AppError(400, 'validation_error', 'This transaction names another fee payer. Nothing was sent.');
  const refusal = relayer.policy.refusal(client, prepared.owner, 1);
  if (refusal) throw new AppError(429, 'relay_limit', RELAYER_UNAVAILABLE + refusal);

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
  if (sim.value.err) throw new AppError(400, 'simulation_failed', SIMULATION_FAILED + JSON.stringify(sim.value.err));
  const after = sim.value.accounts?.[0]?.lamports;
  if (after === undefined || after < before) throw new AppError(400, 'relayer_loss', RELAYER_WOULD_LOSE);
  relayer.policy.record(client, prepared.owner);
  return { ...item, bytes };
}
