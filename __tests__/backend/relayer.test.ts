// The fee relayer over HTTP on the local chain (PRODUCT difference 15): a wallet with 0 SOL recovers its rent; the relayer is
// repaid exactly each transaction's network fee; the server co-signs only the message it prepared, and only after a
// simulation shows the transaction succeeds with the relayer not poorer. Every figure is read from the chain.
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { checkTransactions } from '../../src/chain/guard';
import { RelayerPolicy, DEFAULT_RELAYER_LIMITS, loadRelayerKey } from '../../backend/services/relayer/relayer';
import { parseMetrics } from '../support/metricsText';
import { emptiedWallet, giveTokens } from './relayerSupport';
import { fromBase64, networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

const relayerAddress = () => h.solback.relayer!.address;
const prepareRelayed = (owner: string) =>
  h.api('prepare-burn-transactions', { ownerAddress: owner, relayFee: true, withdrawSurplus: true });

it('GET /api/relayer: available, funded on the local chain, its key file is mode 0600', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { body } = await h.read('relayer');
  expect(body).toEqual({ success: true, available: true, address: relayerAddress() });
  const file = path.join(h.solback.config.dataDir, 'relayer-keypair.json');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(await h.connection.getBalance(new PublicKey(relayerAddress()))).toBeGreaterThan(
    DEFAULT_RELAYER_LIMITS.minBalanceLamports,
  );
});

it('a wallet with 0 SOL and 6 vacant accounts: one transaction paid by the relayer, repaid exactly; owner gets rent − fees', async () => {
  const { owner, accounts } = emptiedWallet(h.solback.localnet!, 6);
  const ownerAddress = owner.publicKey.toBase58();
  expect(await h.connection.getBalance(owner.publicKey)).toBe(0);
  const rent = sum(await h.lamportsOf(accounts));
  const prep = await prepareRelayed(ownerAddress);
  expect(prep.status).toBe(200);
  expect(prep.body.feePayer).toBe(relayerAddress());
  const txs: Transaction[] = prep.body.transactions.map(fromBase64);
  expect(txs).toHaveLength(1);
  expect(txs[0].feePayer!.toBase58()).toBe(relayerAddress());
  const fee = networkFee(txs[0]);
  expect(prep.body.repaymentsPerTransactionLamports).toEqual([fee]);
  // The page's guard accepts it (relayer known, repayment = that transaction's fee) ...
  const intent = {
    owner: ownerAddress,
    kind: 'closeVacant' as const,
    allowedAccounts: accounts,
    feeWallet: h.solback.config.feeWallet,
    maxFeeLamports: serviceFee(rent),
    relayer: relayerAddress(),
  };
  expect(checkTransactions(prep.body.transactions, intent)).toEqual({ ok: true });
  // ... and not without knowing the relayer.
  expect(checkTransactions(prep.body.transactions, { ...intent, relayer: undefined }).ok).toBe(false);

  txs[0].partialSign(owner);
  const [relayerBefore, feeBefore] = await h.lamportsOf([relayerAddress(), h.solback.config.feeWallet]);
  const sub = await h.api('submit-burn-transaction', {
    signedTransaction: txs[0].serialize({ requireAllSignatures: false }).toString('base64'),
    accountCount: 6,
  });
  expect(sub.status).toBe(200);
  expect(sub.body.success).toBe(true);
  const [ownerAfter, relayerAfter, feeAfter] = await h.lamportsOf([
    ownerAddress,
    relayerAddress(),
    h.solback.config.feeWallet,
  ]);
  expect(ownerAfter).toBe(rent - fee - serviceFee(rent));
  expect(relayerAfter - relayerBefore).toBe(0);
  expect(feeAfter - feeBefore).toBe(serviceFee(rent));
  expect(await h.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
  const onChain = await h.connection.getTransaction(sub.body.signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  expect(onChain!.meta!.fee).toBe(fee);
  // The operator's metrics count it, with the fee the relayer paid (docs/OPERATIONS.md).
  const metrics = parseMetrics(await h.solback.metrics.registry.metrics());
  expect(metrics.value('solback_relayer_relayed_total')).toBe(1);
  expect(metrics.value('solback_relayer_relayed_today')).toBe(1);
  expect(metrics.value('solback_relayer_fees_paid_lamports_total')).toBe(fee);
  console.log(
    'relayed recovery (lamports):',
    JSON.stringify({
      rent,
      networkFee: fee,
      serviceFee: serviceFee(rent),
      ownerAfter,
      relayerDelta: relayerAfter - relayerBefore,
    }),
  );
});

it('a transaction changed after preparing is refused before co-signing; the relayer pays nothing', async () => {
  const { owner } = emptiedWallet(h.solback.localnet!, 3);
  const prep = await prepareRelayed(owner.publicKey.toBase58());
  const tx = fromBase64(prep.body.transactions[0]);
  const repay = tx.instructions.findIndex(
    (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1].pubkey.toBase58() === relayerAddress(),
  );
  // A bigger repayment would enrich the relayer; a smaller one would cost it: either way the message changed.
  for (const delta of [+1, -1]) {
    const changed = new Transaction({ feePayer: tx.feePayer, recentBlockhash: tx.recentBlockhash }).add(
      ...tx.instructions,
    );
    const lamports = Number(Buffer.from(tx.instructions[repay].data).readBigUInt64LE(4)) + delta;
    changed.instructions[repay] = SystemProgram.transfer({
      fromPubkey: owner.publicKey,
      toPubkey: new PublicKey(relayerAddress()),
      lamports,
    });
    changed.partialSign(owner);
    const before = await h.connection.getBalance(new PublicKey(relayerAddress()));
    const sub = await h.api('submit-burn-transaction', {
      signedTransaction: changed.serialize({ requireAllSignatures: false }).toString('base64'),
      accountCount: 3,
    });
    expect(sub.status).toBe(400);
    expect(sub.body.error).toMatch(/changed after preparing/);
    expect(await h.connection.getBalance(new PublicKey(relayerAddress()))).toBe(before);
  }
});

it('a transaction that would fail is caught by the simulation and never relayed', async () => {
  const { owner, accounts } = emptiedWallet(h.solback.localnet!, 3);
  const prep = await prepareRelayed(owner.publicKey.toBase58());
  const tx = fromBase64(prep.body.transactions[0]);
  tx.partialSign(owner);
  giveTokens(h.solback.localnet!, accounts[1], 5n); // after preparing, the account receives tokens: its close must fail
  const before = await h.lamportsOf([relayerAddress(), ...accounts]);
  const sub = await h.api('submit-burn-transaction', {
    signedTransaction: tx.serialize({ requireAllSignatures: false }).toString('base64'),
    accountCount: 3,
  });
  expect(sub.status).toBe(400);
  expect(sub.body.error).toMatch(/would fail on chain, so SolBack did not send it/);
  expect(await h.lamportsOf([relayerAddress(), ...accounts])).toEqual(before);
  const signature = (await import('bs58')).default.encode(tx.signatures[0].signature ?? Buffer.alloc(64));
  const statuses = await h.connection.getSignatureStatuses([signature]);
  expect(statuses.value[0]).toBeNull(); // nothing reached the chain
});

it('limits: per client and per wallet per day, and a daily cap; the feature says plainly when unavailable', async () => {
  let now = Date.UTC(2026, 10, 23, 10);
  const policy = new RelayerPolicy({ ...DEFAULT_RELAYER_LIMITS, perClientPerDay: 2, perDay: 4 }, () => now);
  const use = (client: string, owner: string) => {
    const r = policy.reserve(client, owner);
    if (typeof r === 'string') throw new Error(r);
    policy.finish(r, false); // landed
  };
  use('1.2.3.4', 'A');
  use('1.2.3.4', 'B');
  expect(policy.refusal('1.2.3.4', 'C', 1)).toMatch(/at most 2 relayed transactions per wallet and per client/);
  expect(policy.refusal('5.6.7.8', 'A', 1)).toBeNull();
  expect(policy.refusal('5.6.7.8', 'A', 2)).toMatch(/at most 2/);
  use('5.6.7.8', 'C');
  expect(policy.refusal('9.9.9.9', 'D', 1)).toBeNull();
  expect(policy.refusal('9.9.9.9', 'D', 2)).toMatch(/daily limit/);
  now += 24 * 3600_000; // a new UTC day
  expect(policy.refusal('1.2.3.4', 'A', 2)).toBeNull();

  // Over HTTP: a relayer with too little SOL is unavailable and prepare says so (503), nothing is built.
  const chain = h.solback.localnet!.chain;
  const funded = chain.getBalance(relayerAddress());
  chain.setAccount(relayerAddress(), { lamports: 1_000_000n });
  try {
    const { body } = await h.read('relayer');
    expect(body).toEqual({
      success: true,
      available: false,
      address: relayerAddress(),
      reason: 'its balance is too low.',
    });
    const { owner } = emptiedWallet(h.solback.localnet!, 1);
    const prep = await prepareRelayed(owner.publicKey.toBase58());
    expect(prep.status).toBe(503);
    expect(prep.body.error).toBe('SolBack cannot pay the network fee right now: its balance is too low.');
  } finally {
    chain.setAccount(relayerAddress(), { lamports: funded });
  }
});

it('upstream mode has a relayer only when RELAYER_KEYPAIR is set (and the file exists)', () => {
  const dataDir = h.solback.config.dataDir;
  expect(loadRelayerKey({ mode: 'upstream', dataDir })).toBeNull();
  expect(() => loadRelayerKey({ mode: 'upstream', dataDir, relayerKeypairPath: `${dataDir}/missing.json` })).toThrow(
    /not found/,
  );
  const key = loadRelayerKey({ mode: 'upstream', dataDir, relayerKeypairPath: `${dataDir}/relayer-keypair.json` });
  expect(key!.publicKey.toBase58()).toBe(relayerAddress());
});

it('a relayed recovery of 3 transactions from a 0-SOL wallet lands whole in one submit; the figures are the chain’s', async () => {
  const { owner, accounts } = emptiedWallet(h.solback.localnet!, 60);
  const ownerAddress = owner.publicKey.toBase58();
  const rent = sum(await h.lamportsOf(accounts));
  const prep = await prepareRelayed(ownerAddress);
  expect(prep.status).toBe(200);
  const txs: Transaction[] = prep.body.transactions.map(fromBase64);
  expect(txs.length).toBeGreaterThanOrEqual(3);
  for (const tx of txs) tx.partialSign(owner);
  const [relayerBefore, feeBefore] = await h.lamportsOf([relayerAddress(), h.solback.config.feeWallet]);
  // All of them in one submit, as the page sends them: the relayer takes one relayed transaction per wallet at a
  // time, so the server confirms each before sending the next (the second used to get 429).
  const sub = await h.api('submit-burn-transaction', {
    signedTransactions: txs.map((tx) => tx.serialize({ requireAllSignatures: false }).toString('base64')),
    accountCount: accounts.length,
  });
  expect([sub.status, sub.body.error]).toEqual([200, undefined]);
  expect(sub.body.signatures).toHaveLength(txs.length);
  const [ownerAfter, relayerAfter, feeAfter] = await h.lamportsOf([
    ownerAddress,
    relayerAddress(),
    h.solback.config.feeWallet,
  ]);
  const fees = sum(txs.map(networkFee));
  expect(feeAfter - feeBefore).toBe(sub.body.serviceFeeLamports);
  expect(ownerAfter).toBe(rent - fees - sub.body.serviceFeeLamports);
  expect(sub.body.ownerBalanceChangeLamports).toBe(ownerAfter);
  expect(relayerAfter - relayerBefore).toBe(0);
  expect(await h.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
});
