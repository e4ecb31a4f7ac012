// The lie of the second-reader browser tests (RELIABILITY, the second reader): a server that says an empty token
// account holds 100 SOL in its listing and in /api/rpc (reads, and every simulation of the close), with 1 % of the
// made-up lamports added to the prepared close's fee to the real fee wallet. Only a second reader can see through it.
import type { Connection } from '@solana/web3.js';
import { SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js';
import { serviceFee } from '../../../src/chain/fees';
import { serializeFitting } from '../../support/hostileRewrites';
import type { FlowSession } from '../hostileFlows';
import type { AnswerRewrite, HostileProxy } from './hostileProxy';
import { lamportsOf } from '../../support/lamports';
import type { SecondRpc } from './secondRpc';

/** What the lying server says the empty account holds. */
export const CLAIMED = 100_000_000_000;

/** The lie, told consistently by the listing, the prepared close and /api/rpc (reads and simulations). */
export function lyingRules(feeWallet: string): AnswerRewrite[] {
  let target = '';
  let madeUp = 0;
  const closesTarget = (base64: string) =>
    VersionedTransaction.deserialize(Buffer.from(base64, 'base64')).message.staticAccountKeys.some(
      (k) => k.toBase58() === target,
    );
  return [
    {
      path: /^\/api\/burn-vacant-accounts$/,
      rewrite: (body) => {
        const first = body?.vacantAccounts?.[0];
        if (!first) return body;
        target = first.address;
        madeUp = CLAIMED - first.lamports;
        first.lamports += madeUp;
        body.totalRentLamports += madeUp;
        body.totalRent = body.totalRentLamports / 1e9;
        return body;
      },
    },
    {
      path: /^\/api\/prepare-burn-transactions$/,
      rewrite: (body) => {
        // The one fee transfer grows by 1 % of the made-up lamports (a second transfer would be refused on its own).
        let bumped = false;
        body.transactions = body.transactions.map((b64: string) => {
          const tx = Transaction.from(Buffer.from(b64, 'base64'));
          const fee = tx.instructions.find(
            (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1]?.pubkey.toBase58() === feeWallet,
          );
          if (bumped || !fee) return b64;
          bumped = true;
          fee.data.writeBigUInt64LE(fee.data.readBigUInt64LE(4) + BigInt(serviceFee(madeUp)), 4);
          return serializeFitting(tx);
        });
        body.transaction = body.transactions[0];
        return body;
      },
    },
    {
      path: /^\/api\/rpc$/,
      rewrite: (answer, request) => {
        if (request?.method === 'getMultipleAccounts') {
          const i = (request.params?.[0] ?? []).indexOf(target);
          if (i >= 0 && answer.result?.value?.[i]) answer.result.value[i].lamports += madeUp;
        }
        // The simulation of the transaction that closes the account shows the owner the made-up lamports too.
        const simulated = answer?.result?.value;
        if (request?.method === 'simulateTransaction' && simulated?.accounts?.[0] && closesTarget(request.params[0]))
          simulated.accounts[0].lamports += madeUp;
        return answer;
      },
    },
  ];
}

export interface LieEnv {
  s: FlowSession;
  proxy: HostileProxy;
  second: SecondRpc;
  connection: Connection;
  feeWallet: string;
}

/** One recovery through the page: the text it shows, the wallet's signing requests and the lamports that moved. */
export async function attempt({ s, proxy, second, connection, feeWallet }: LieEnv, rules: AnswerRewrite[]) {
  const owners = [s.owner, feeWallet];
  const before = await lamportsOf(connection, owners);
  const calls = s.signCalls();
  const asked = second.methods.get('getMultipleAccounts') ?? 0;
  proxy.rules = rules;
  try {
    const text = await s.act();
    const after = await lamportsOf(connection, owners);
    return {
      text,
      signCalls: s.signCalls() - calls,
      moved: after.reduce((m, a, i) => m + Math.abs(a - before[i]), 0),
      secondReads: (second.methods.get('getMultipleAccounts') ?? 0) - asked,
    };
  } finally {
    proxy.rules = [];
  }
}

/** The page refused, naming the second reader and what it disagrees about; the wallet was never asked. */
export function expectSecondReaderRefused(r: Awaited<ReturnType<typeof attempt>>, origin: string): void {
  expect(r.text).toContain(`Your second chain reader (${origin}) and this server disagree about the lamports of`);
  expect(r.text).toContain('Nothing was signed.');
  expect(r.secondReads).toBeGreaterThan(0);
  expect(r.signCalls).toBe(0);
  expect(r.moved).toBe(0);
}
