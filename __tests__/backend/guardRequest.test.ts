// The guard judges the whole request (PRODUCT difference 10), replayed against the real server and the local chain:
// a hostile prepare answer repeats the honest transaction (a buffer close and a nonce withdrawal; an empty-account
// close) 2 and 10 times, each copy with its own 1 % fee. Each copy alone passes the chain-reading guard, so a reading
// per transaction would promise copies × its figure and allow copies × the fee; the request is refused.
import { chainGuard, type ChainGuardContext } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { decodeTransaction } from '../../src/chain/decode';
import { serviceFee } from '../../src/chain/fees';
import { TransactionGuardError } from '../../src/chain/guard';
import { SYSTEM_PROGRAM } from '../../src/common/addresses';
import { fromBase64 } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 120_000);
afterAll(() => h?.close());

type Intent = Omit<ChainGuardContext, 'reader' | 'onChecked'>;

/** The copies a hostile answer sends: each its own transaction (a compute-unit limit one higher), fee and all. */
function copies(b64: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const tx = fromBase64(b64);
    const limit = tx.instructions.find((ix) => ix.data[0] === 2 && ix.data.length === 5)!;
    limit.data.writeUInt32LE(limit.data.readUInt32LE(1) - i, 1);
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  });
}

/** Lamports a request sends to the fee wallet. */
function feesOf(txs: string[], feeWallet: string): bigint {
  let fees = 0n;
  for (const ix of txs.flatMap((t) => decodeTransaction(t).instructions))
    if (ix.programId === SYSTEM_PROGRAM && ix.accounts[1]?.pubkey === feeWallet)
      fees += Buffer.from(ix.data).readBigUInt64LE(4);
  return fees;
}

/** The owner's SOL change the guard would show for these transactions, or the reason it refuses them. */
async function guarded(txs: string[], intent: Intent): Promise<number | string> {
  let shown = 0;
  try {
    await chainGuard(txs, {
      ...intent,
      reader: connectionChainReader(h.connection),
      onChecked: (r) => (shown = r.ownerChangeLamports),
    });
    return shown;
  } catch (err) {
    if (err instanceof TransactionGuardError) return err.reason;
    throw err;
  }
}

/** One honest transaction passes with figure `alone`; every copy alone does too; 2 and 10 copies are refused. */
async function replay(honest: string, intent: Intent, feeBase: bigint) {
  const alone = await guarded([honest], intent);
  expect(typeof alone).toBe('number');
  expect(feesOf([honest], intent.feeWallet!)).toBe(serviceFee(feeBase));
  for (const count of [2, 10]) {
    const request = copies(honest, count);
    // Read one at a time, each copy passes and shows the honest figure: together they would promise count × it.
    for (const copy of request) expect(await guarded([copy], intent)).toBe(alone);
    expect(feesOf(request, intent.feeWallet!)).toBe(BigInt(count) * serviceFee(feeBase));
    expect([count, await guarded(request, intent)]).toEqual([
      count,
      // Refused by the request's chain reading ("closed twice") or its static rule ("again"), before any simulation.
      expect.stringMatching(/^transaction 1: .*( twice| again \(also in transaction 0\))/),
    ]);
  }
}

describe('a request repeating one transaction', () => {
  it('recover: a buffer close and a nonce withdrawal, 2 and 10 times with 2× and 10× the 1 % fee, are refused', async () => {
    const { owner, manifest } = await h.fund('demo');
    const { buffer, nonce } = manifest.recovery;
    const ownerAddress = owner.publicKey.toBase58();
    const prepared = await h.api('prepare-recovery', { ownerAddress, accounts: [buffer, nonce] });
    expect(prepared.status).toBe(200);
    expect(prepared.body.transactions).toHaveLength(1);
    const [bufferLamports, nonceLamports] = await h.lamportsOf([buffer, nonce]);
    const intent: Intent = {
      owner: ownerAddress,
      kind: 'recover',
      allowedAccounts: [buffer, nonce],
      feeWallet: prepared.body.feeWallet,
    };
    await replay(prepared.body.transactions[0], intent, BigInt(bufferLamports + nonceLamports));
  });

  it('closeVacant: empty-account closes, 2 and 10 times with 2× and 10× the 1 % fee, are refused', async () => {
    const { owner } = await h.fund();
    const ownerAddress = owner.publicKey.toBase58();
    const list = await h.api('burn-vacant-accounts', { ownerAddress, signedMessage: 'simulated-signature' });
    const accounts: string[] = list.body.vacantAccounts.map((a: { address: string }) => a.address);
    const prepared = await h.api('prepare-burn-transactions', { ownerAddress, vacantAccounts: accounts });
    expect(prepared.status).toBe(200);
    const first: string = prepared.body.transactions[0];
    const closed = decodeTransaction(first)
      .instructions.filter((ix) => ix.data[0] === 9)
      .map((ix) => ix.accounts[0].pubkey);
    const rent = (await h.lamportsOf(closed)).reduce((a, b) => a + b, 0);
    const intent: Intent = {
      owner: ownerAddress,
      kind: 'closeVacant',
      allowedAccounts: accounts,
      feeWallet: h.solback.config.feeWallet,
    };
    await replay(first, intent, BigInt(rent));
  });
});
