/** @jest-environment node */
// The guard's two readers (src/chain/crossCheckedReader.ts): every account, simulation and rent minimum is read from
// both; a difference is read once more and, if it lasts, refuses with the reader and what differed; a reader that
// cannot be read refuses too. The browser test (e2e/secondReader.test.ts) runs it against a lying server.
import type { AccountSnapshot, ChainReader, SimulationOutcome } from '../../../src/chain/chainReader';
import {
  ReadersDisagreeError,
  SecondReaderFailedError,
  crossCheckedReader,
} from '../../../src/chain/crossCheckedReader';
import { CHAIN_GUARD } from '../../../src/common/texts';

const A = 'AcctAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1';
const account = (lamports: bigint, data = [0]): AccountSnapshot => ({
  lamports,
  owner: 'Tokenkeg',
  data: Uint8Array.from(data),
});

/** A reader answering from `state`, counting its calls. */
function reader(state: { lamports: bigint; after: bigint; rent: bigint; fail?: boolean }) {
  const calls = { accounts: 0, simulate: 0 };
  const r: ChainReader = {
    async getAccounts(addresses) {
      calls.accounts++;
      if (state.fail) throw new Error('blocked by CSP');
      return addresses.map(() => account(state.lamports));
    },
    async simulate(): Promise<SimulationOutcome> {
      calls.simulate++;
      return { err: null, accounts: [account(state.after)] };
    },
    rentMinimum: async () => state.rent,
  };
  return { r, calls, state };
}

const options = { label: 'https://rpc.example', rereadAfterMs: 1 };

/** The user's text for a refusal, as the signing path words it (src/features/wallet/wallet/chainGuardStep.ts). */
const worded = (err: unknown): string =>
  err instanceof ReadersDisagreeError
    ? CHAIN_GUARD.readersDisagree(err.reader, err.difference)
    : err instanceof SecondReaderFailedError
      ? CHAIN_GUARD.secondReaderFailed(err.reader)
      : String(err);

it('agreeing readers answer the reading', async () => {
  const [p, s] = [reader({ lamports: 5n, after: 7n, rent: 3n }), reader({ lamports: 5n, after: 7n, rent: 3n })];
  const both = crossCheckedReader(p.r, s.r, options);
  expect(await both.getAccounts([A])).toEqual([account(5n)]);
  expect((await both.simulate('', [A])).accounts[0]?.lamports).toBe(7n);
  expect(await both.rentMinimum!(165)).toBe(3n);
  expect([p.calls, s.calls]).toEqual([
    { accounts: 1, simulate: 1 },
    { accounts: 1, simulate: 1 },
  ]);
});

it('a lasting difference in lamports refuses after one more reading, naming the reader and the account', async () => {
  const [p, s] = [reader({ lamports: 200n, after: 7n, rent: 3n }), reader({ lamports: 5n, after: 7n, rent: 3n })];
  const both = crossCheckedReader(p.r, s.r, options);
  const refusal = both.getAccounts([A]);
  await expect(refusal).rejects.toThrow(ReadersDisagreeError);
  await expect(refusal.catch(worded)).resolves.toBe(
    'Your second chain reader (https://rpc.example) and this server disagree about the lamports of account Acct…AAA1 (200 here, 5 there). The server may be showing a false chain. Nothing was signed.',
  );
  expect(p.calls.accounts).toBe(2);
});

it('a difference gone on the second reading (a slot apart) is not a refusal', async () => {
  const p = reader({ lamports: 5n, after: 7n, rent: 3n });
  let readings = 0;
  const catchingUp: ChainReader = { ...p.r, getAccounts: async (a) => a.map(() => account(readings++ ? 5n : 4n)) };
  await expect(crossCheckedReader(p.r, catchingUp, options).getAccounts([A])).resolves.toEqual([account(5n)]);
  expect(readings).toBe(2);
});

it('simulations that differ in the balance after, or in success, refuse', async () => {
  const [p, s] = [reader({ lamports: 5n, after: 9n, rent: 3n }), reader({ lamports: 5n, after: 7n, rent: 3n })];
  await expect(crossCheckedReader(p.r, s.r, options).simulate('', [A]).catch(worded)).resolves.toContain(
    'disagree about the lamports of account Acct…AAA1 after the transaction (9 here, 7 there)',
  );
  const failing: ChainReader = {
    ...s.r,
    simulate: async () => ({ err: { InstructionError: [0, 'x'] }, accounts: [] }),
  };
  await expect(crossCheckedReader(p.r, failing, options).simulate('', [A]).catch(worded)).resolves.toContain(
    'disagree about whether the transaction would succeed',
  );
});

it('data or the owning program that differ refuse; a reader that cannot be read refuses', async () => {
  const p = reader({ lamports: 5n, after: 7n, rent: 3n });
  const otherData: ChainReader = { ...p.r, getAccounts: async (a) => a.map(() => account(5n, [1])) };
  await expect(crossCheckedReader(p.r, otherData, options).getAccounts([A])).rejects.toThrow('the data of account');
  const down = reader({ lamports: 5n, after: 7n, rent: 3n, fail: true });
  await expect(crossCheckedReader(p.r, down.r, options).getAccounts([A])).rejects.toThrow(SecondReaderFailedError);
  await expect(crossCheckedReader(p.r, down.r, options).getAccounts([A]).catch(worded)).resolves.toContain(
    'Your second chain reader (https://rpc.example) could not be read',
  );
});
