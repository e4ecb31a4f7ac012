// The chain-reading guard for recoveries that withdraw surplus rent (WithdrawExcessLamports, 38) or let the fee
// relayer pay (PRODUCT difference 10 on top of 13 and 15), against the real server on the local chain (real SPL Token,
// rent at 5080 lamports a byte, accounts made at 6960): the surplus is read from the chain (lamports − the chain's
// rent minimum), never from the answer; the relayer must be the one the build names and is repaid exactly the fee.
import { Keypair, PublicKey, SystemProgram, type Transaction } from '@solana/web3.js';
import { chainGuard, type ChainGuardContext, type ChainGuardReport } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { serviceFee } from '../../src/chain/fees';
import { type TransactionGuardError } from '../../src/chain/guard';
import { pinnedRelayer } from '../../src/common/builtRelayer';
import { ServerMismatchError } from '../../src/common/builtWallets';
import { SYSTEM_PROGRAM } from '../../src/common/addresses';
import { emptiedWallet } from './relayerSupport';
import { fromBase64, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 120_000);
afterAll(() => h.close());

const ATTACKER = Keypair.generate().publicKey;
const b64 = (tx: Transaction) =>
  tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
const refusal = (p: Promise<void>) =>
  p.then(
    () => 'signed',
    (e: Error) => `${e.name}: ${(e as TransactionGuardError).reason ?? e.message}`,
  );

/** Surplus of each address by the chain: lamports − getMinimumBalanceForRentExemption(its size). */
async function chainSurplus(addresses: string[]): Promise<number> {
  const infos = await h.connection.getMultipleAccountsInfo(addresses.map((a) => new PublicKey(a)));
  let total = 0;
  for (const info of infos)
    total += info!.lamports - (await h.connection.getMinimumBalanceForRentExemption(info!.data.length));
  return total;
}

/** Sources of the WithdrawExcessLamports instructions (tag 38) of prepared transactions. */
const surplusSources = (txs: string[]) =>
  txs.flatMap((t) =>
    fromBase64(t)
      .instructions.filter((i) => i.data[0] === 38)
      .map((i) => i.keys[0].pubkey.toBase58()),
  );

/** Replaces the fee transfer (to the fee wallet) of a transaction with one of `lamports`. */
function withFee(base64: string, feeWallet: string, lamports: number): string {
  const tx = fromBase64(base64);
  const i = tx.instructions.findIndex(
    (ix) => ix.programId.toBase58() === SYSTEM_PROGRAM && ix.keys[1]?.pubkey.toBase58() === feeWallet,
  );
  tx.instructions[i] = SystemProgram.transfer({
    fromPubkey: tx.instructions[i].keys[0].pubkey,
    toPubkey: new PublicKey(feeWallet),
    lamports,
  });
  return b64(tx);
}

describe('surplus withdrawals: figures from the chain', () => {
  let owner: Keypair;
  let vacant: string[];
  let txs: string[];
  let intent: ChainGuardContext;
  beforeAll(async () => {
    const funded = await h.fund('demo');
    owner = funded.owner;
    const ownerAddress = owner.publicKey.toBase58();
    const list = await h.api('burn-vacant-accounts', { ownerAddress, signedMessage: 'simulated-signature' });
    vacant = list.body.vacantAccounts.map((a: { address: string }) => a.address);
    const prep = await h.api('prepare-burn-transactions', {
      ownerAddress,
      vacantAccounts: vacant,
      withdrawSurplus: true,
    });
    expect(prep.status).toBe(200);
    txs = prep.body.transactions;
    intent = {
      owner: ownerAddress,
      kind: 'closeVacant',
      allowedAccounts: vacant,
      feeWallet: h.solback.config.feeWallet,
      surplusSources: surplusSources(txs),
      reader: connectionChainReader(h.connection),
    };
  });

  it('refuses a server inflating the surplus: the fee for 150 SOL more than the chain shows', async () => {
    const fresh = await h.fund('demo');
    const ownerAddress = fresh.owner.publicKey.toBase58();
    const prep = await h.api('prepare-burn-transactions', { ownerAddress, withdrawSurplus: true });
    const sources = surplusSources(prep.body.transactions);
    const truth = (await chainSurplus(sources)) + sum(await h.lamportsOf(prep.body.vacantAccounts ?? []));
    // The answer claims 150 SOL of surplus and its transaction takes 1 % of it (plus the honest share) for the fee.
    const lying = prep.body.transactions.map((t: string, i: number) =>
      i === 0 ? withFee(t, h.solback.config.feeWallet, serviceFee(truth + 150_000_000_000)) : t,
    );
    const listed: string[] = (
      await h.api('burn-vacant-accounts', { ownerAddress, signedMessage: 'x' })
    ).body.vacantAccounts.map((a: { address: string }) => a.address);
    const context = { ...intent, owner: ownerAddress, allowedAccounts: listed, surplusSources: sources };
    await expect(refusal(chainGuard(prep.body.transactions, context))).resolves.toBe('signed'); // honest: passes
    await expect(refusal(chainGuard(lying, context))).resolves.toMatch(
      /^TransactionGuardError: .*service fee above 1 %/,
    );
  });

  it('refuses a withdrawal from an account that is not the owner’s, even when the server lists it as a source', async () => {
    const stranger = await h.fund('demo');
    const theirs = surplusSources(
      (
        await h.api('prepare-burn-transactions', {
          ownerAddress: stranger.owner.publicKey.toBase58(),
          withdrawSurplus: true,
        })
      ).body.transactions,
    )[0];
    const tx = fromBase64(txs[0]);
    const ix = tx.instructions.find((i) => i.data[0] === 38)!;
    ix.keys[0] = { ...ix.keys[0], pubkey: new PublicKey(theirs) };
    const out = await refusal(chainGuard([b64(tx)], { ...intent, surplusSources: [...surplusSources(txs), theirs] }));
    expect(out).toMatch(/^TransactionGuardError: .*is not the owner's/);
  });

  it('an honest recovery passes; returns = closed lamports + surplus by the chain; the owner changes as simulated', async () => {
    const sources = surplusSources(txs);
    expect(sources.length).toBeGreaterThan(5);
    const rent = sum(await h.lamportsOf(vacant));
    const surplus = await chainSurplus(sources);
    expect(surplus).toBeGreaterThan(0);
    let report: ChainGuardReport | undefined;
    await chainGuard(txs, { ...intent, onChecked: (r) => (report = r) });
    expect(sum(report!.transactions.map((t) => t.returnsLamports))).toBe(rent + surplus);

    const before = await h.connection.getBalance(owner.publicKey);
    const signed = txs.map(fromBase64);
    signed.forEach((tx) => tx.partialSign(owner));
    const sub = await h.api('submit-burn-transaction', {
      signedTransactions: signed.map((t) => t.serialize().toString('base64')),
      accountCount: vacant.length,
    });
    expect(sub.body.success).toBe(true);
    expect((await h.connection.getBalance(owner.publicKey)) - before).toBe(report!.ownerChangeLamports);
    console.log(
      'guarded surplus recovery (lamports):',
      JSON.stringify({ rent, surplus, ownerChange: report!.ownerChangeLamports }),
    );
  });
});

describe('relayed recoveries: the build’s relayer, repaid exactly the fee', () => {
  let owner: Keypair;
  let txs: string[];
  let intent: ChainGuardContext;
  let relayer: string;
  beforeAll(async () => {
    const localnet = h.solback.localnet!;
    ({ owner } = emptiedWallet(localnet, 6));
    emptiedWallet(localnet, 2, 5n, owner); // two kept accounts with tokens, made at 6960: surplus to withdraw
    relayer = h.solback.relayer!.address;
    const ownerAddress = owner.publicKey.toBase58();
    const list = await h.api('burn-vacant-accounts', { ownerAddress, signedMessage: 'simulated-signature' });
    const vacant = list.body.vacantAccounts.map((a: { address: string }) => a.address);
    const prep = await h.api('prepare-burn-transactions', {
      ownerAddress,
      vacantAccounts: vacant,
      withdrawSurplus: true,
      relayFee: true,
    });
    expect(prep.status).toBe(200);
    expect(prep.body.feePayer).toBe(relayer);
    txs = prep.body.transactions;
    intent = {
      owner: ownerAddress,
      kind: 'closeVacant',
      allowedAccounts: vacant,
      feeWallet: h.solback.config.feeWallet,
      surplusSources: surplusSources(txs),
      relayer: pinnedRelayer({ relayer, localnet: false }, relayer), // a build naming this relayer
      reader: connectionChainReader(h.connection),
    };
  });

  it('refuses a server naming another relayer (in /api/relayer and as fee payer, repaid to it)', async () => {
    expect(() => pinnedRelayer({ relayer: ATTACKER.toBase58(), localnet: true }, relayer)).toThrow(ServerMismatchError);
    const tx = fromBase64(txs[0]);
    tx.feePayer = ATTACKER;
    tx.signatures = []; // signers follow the new message
    for (const ix of tx.instructions)
      ix.keys = ix.keys.map((k) => (k.pubkey.toBase58() === relayer ? { ...k, pubkey: ATTACKER } : k));
    await expect(refusal(chainGuard([b64(tx)], intent))).resolves.toMatch(/^TransactionGuardError: fee payer/);
  });

  it('refuses a repayment one lamport above (or below) the exact fee rule', async () => {
    for (const delta of [1, -1, 140_000]) {
      const tx = fromBase64(txs[0]);
      const i = tx.instructions.findIndex((ix) => ix.keys[1]?.pubkey.toBase58() === relayer);
      const paid = Number(Buffer.from(tx.instructions[i].data).readBigUInt64LE(4));
      tx.instructions[i] = SystemProgram.transfer({
        fromPubkey: owner.publicKey,
        toPubkey: new PublicKey(relayer),
        lamports: paid + delta,
      });
      await expect(refusal(chainGuard([b64(tx)], intent))).resolves.toMatch(
        /^TransactionGuardError: .*repays the relayer/,
      );
    }
  });

  it('passes the honest relayed recovery; the 0-SOL owner ends with exactly the simulated change', async () => {
    let report: ChainGuardReport | undefined;
    await chainGuard(txs, { ...intent, onChecked: (r) => (report = r) });
    const signed = txs.map(fromBase64);
    signed.forEach((tx) => tx.partialSign(owner));
    const sub = await h.api('submit-burn-transaction', {
      signedTransactions: signed.map((t) => t.serialize({ requireAllSignatures: false }).toString('base64')),
      accountCount: 6,
    });
    expect(sub.body.success).toBe(true);
    expect(await h.connection.getBalance(owner.publicKey)).toBe(report!.ownerChangeLamports); // started at 0
    expect(report!.ownerChangeLamports).toBeGreaterThan(0);
  });
});
