// What a wallet's own guard adds (src/chain/walletAdditions.ts: Phantom's Lighthouse assertions and a compute-budget
// pair where there is none), through the real server over HTTP on the local chain: the /api/rpc relay sends it, the
// Lighthouse stand-in runs it, the sent-signature record and the submit route find what was prepared, and the owner's
// balance changes by exactly the figures — the network fee of the transaction as the wallet sent it. Anything else
// added is refused and moves nothing.
import { Keypair, SystemProgram, type Transaction } from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { LIGHTHOUSE_PROGRAM } from '../../src/common/addresses';
import { addWalletGuards, lighthouseAssertionIx } from '../../src/chain/walletAdditions';
import { emptiedWallet } from './relayerSupport';
import { fromBase64, networkFee, sum, toBase64 } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

/** The owner's vacant accounts as the server lists them (the vacant-account call accepts the placeholder signature). */
const vacantOf = async (owner: Keypair): Promise<string[]> =>
  (
    await h.api('burn-vacant-accounts', {
      ownerAddress: owner.publicKey.toBase58(),
      signedMessage: 'simulated-signature',
    })
  ).body.vacantAccounts.map((a: { address: string }) => a.address);
const prepare = async (owner: Keypair, vacantAccounts: string[]) => {
  const res = await h.api('prepare-burn-transactions', { ownerAddress: owner.publicKey.toBase58(), vacantAccounts });
  expect(res.status).toBe(200);
  expect(res.body.transactions).toHaveLength(1);
  return fromBase64(res.body.transactions[0]);
};
const guardedBy = (owner: Keypair, tx: Transaction) => {
  const guarded = addWalletGuards(tx);
  guarded.sign(owner);
  return guarded;
};

it('a wallet-guarded recovery: sent by the wallet or by the server, found as prepared, exact to the lamport', async () => {
  const { owner } = await h.fund('demo');
  const addresses = await vacantOf(owner);
  const [sentByWallet, submitted] = [addresses.slice(0, 3), addresses.slice(3)];
  const feeWallet = h.solback.config.feeWallet;
  const [ownerBefore, feeBefore] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);
  const rents = [sum(await h.lamportsOf(sentByWallet)), sum(await h.lamportsOf(submitted))];

  // 1. Sign-and-send: the wallet sends through the page's RPC (/api/rpc), then the page reports the signature.
  const first = guardedBy(owner, await prepare(owner, sentByWallet));
  const signature = await h.connection.sendRawTransaction(first.serialize(), { preflightCommitment: 'confirmed' });
  await h.connection.confirmTransaction({ signature, ...(await h.connection.getLatestBlockhash()) }, 'confirmed');
  const sent = await h.api('submit-burn-transaction', { sentSignatures: [signature], accountCount: 3 });
  expect(sent.status).toBe(200);
  expect(sent.body.recoveredRentLamports).toBe(rents[0]);

  // 2. Submit: the server sends what the wallet signed.
  const second = guardedBy(owner, await prepare(owner, submitted));
  const sub = await h.api('submit-burn-transaction', { signedTransaction: toBase64(second), accountCount: 4 });
  expect(sub.status).toBe(200);
  expect(sub.body.recoveredRentLamports).toBe(rents[1]);

  const [ownerAfter, feeAfter] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);
  const fees = serviceFee(rents[0]) + serviceFee(rents[1]);
  expect(ownerAfter - ownerBefore).toBe(rents[0] + rents[1] - fees - networkFee(first) - networkFee(second));
  expect(feeAfter - feeBefore).toBe(fees);
  expect(await h.lamportsOf(addresses)).toEqual(addresses.map(() => 0));
  // It landed with the guard's four assertions in it, run by the local chain's Lighthouse stand-in.
  const landed = (await h.connection.getTransaction(signature, { commitment: 'confirmed' }))!.transaction.message;
  const programs = landed.instructions.map((ix) => landed.accountKeys[ix.programIdIndex].toBase58());
  expect(programs.filter((p) => p === LIGHTHOUSE_PROGRAM)).toHaveLength(4);
});

it("a relayed recovery signed through a wallet's guard: co-signed as prepared, the relayer repaid exactly", async () => {
  const { owner, accounts } = emptiedWallet(h.solback.localnet!, 4);
  const relayer = h.solback.relayer!.address;
  const rent = sum(await h.lamportsOf(accounts));
  const prep = await h.api('prepare-burn-transactions', { ownerAddress: owner.publicKey.toBase58(), relayFee: true });
  expect(prep.body.transactions).toHaveLength(1);
  const guarded = addWalletGuards(fromBase64(prep.body.transactions[0]));
  guarded.partialSign(owner);
  const relayerBefore = (await h.lamportsOf([relayer]))[0];
  const sub = await h.api('submit-burn-transaction', {
    signedTransaction: guarded.serialize({ requireAllSignatures: false }).toString('base64'),
    accountCount: accounts.length,
  });
  expect(sub.status).toBe(200);
  // Our compute budget was there, so the guard added only its assertions: the fee the relayer is repaid is unchanged.
  expect(networkFee(guarded)).toBe(prep.body.repaymentsPerTransactionLamports[0]);
  const [ownerAfter, relayerAfter] = await h.lamportsOf([owner.publicKey.toBase58(), relayer]);
  expect(ownerAfter).toBe(rent - networkFee(guarded) - serviceFee(rent));
  expect(relayerAfter - relayerBefore).toBe(0);
  expect(await h.lamportsOf(accounts)).toEqual(accounts.map(() => 0));
});

it('refuses a transaction to which anything else was added, or more than 6 additions: 0 moved', async () => {
  const { owner } = await h.fund('demo');
  const addresses = await vacantOf(owner);
  const before = await h.lamportsOf([owner.publicKey.toBase58(), ...addresses]);

  const transfer = addWalletGuards(await prepare(owner, addresses));
  transfer.add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
  );
  transfer.sign(owner);
  const res = await h.api('submit-burn-transaction', { signedTransaction: toBase64(transfer), accountCount: 7 });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatch(/changed after preparing/);

  const many = addWalletGuards(await prepare(owner, addresses));
  many.instructions.unshift(...[1, 2, 3].map((i) => lighthouseAssertionIx(owner.publicKey, 10, i)));
  many.sign(owner);
  await expect(h.connection.sendRawTransaction(many.serialize(), { skipPreflight: true })).rejects.toThrow(
    /Refused by this server: more than 6/,
  );
  const sub = await h.api('submit-burn-transaction', { signedTransaction: toBase64(many), accountCount: 7 });
  expect(sub.status).toBe(400);
  expect(await h.lamportsOf([owner.publicKey.toBase58(), ...addresses])).toEqual(before);
});
