// The vacant-account flow over HTTP on the local chain: list the safe set, prepare, sign as the owner, submit.
// Every lamport is checked against the chain: owner +recoveredRent − network fees − 1 %, FEE_WALLET +1 %.
import { createCloseAccountInstruction, getTransferFeeConfig, unpackMint } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { sizeAfterWalletAdditions } from '../../src/chain/pack';
import { checkTransactions } from '../../src/chain/guard';
import { TOKEN_2022_PROGRAM } from '../../src/common/addresses';
import { LAMPORTS_PER_SOL, TRANSACTION_SIZE_LIMIT_BYTES } from '../../src/common/constants';
import { fromBase64, networkFee, sum, toBase64 } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

const list = (owner: Keypair) =>
  h.api('burn-vacant-accounts', { ownerAddress: owner.publicKey.toBase58(), signedMessage: 'simulated-signature' });
const prepare = (owner: Keypair, vacantAccounts?: string[]) =>
  h.api('prepare-burn-transactions', { ownerAddress: owner.publicKey.toBase58(), vacantAccounts });

describe('POST /api/burn-vacant-accounts', () => {
  it('lists the 7 closable demo accounts (the frozen empty one included); wrapped SOL is reported apart', async () => {
    const { owner, manifest } = await h.fund('demo');
    const { status, body } = await list(owner);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.accountCount).toBe(7);
    const addresses = body.vacantAccounts.map((a: any) => a.address).sort();
    // Both token programs close a frozen empty account (frozenAccounts.test.ts shows it per program).
    expect(addresses).toEqual(
      [...manifest.emptyAccounts, ...manifest.frozenAccounts].map((a: any) => a.account).sort(),
    );
    expect(body.vacantAccounts.map((a: any) => a.lamports)).toEqual(
      await h.lamportsOf(body.vacantAccounts.map((a: any) => a.address)),
    );
    const withheld = body.vacantAccounts.filter((a: any) => a.harvestFirst);
    expect(withheld).toHaveLength(1);
    expect(withheld[0].programId).toBe(TOKEN_2022_PROGRAM);
    expect(BigInt(withheld[0].withheldAmount)).toBeGreaterThan(0n);
    const reasons = Object.fromEntries(body.skippedAccounts.map((s: any) => [s.address, s.reason]));
    expect(reasons[manifest.wrappedSol.account]).toBe('wrapped-sol');
    expect(body.totalRentLamports).toBe(sum(body.vacantAccounts.map((a: any) => a.lamports)));
  });

  it('validates the body', async () => {
    expect((await h.api('burn-vacant-accounts', { ownerAddress: 'nope', signedMessage: 'x' })).status).toBe(400);
    expect(
      (await h.api('burn-vacant-accounts', { ownerAddress: Keypair.generate().publicKey.toBase58() })).status,
    ).toBe(400);
  });
});

describe('prepare + submit on the demo wallet', () => {
  it('closes all 7 in one transaction: owner +rent − network fee − 1 %, FEE_WALLET +1 %, wSOL untouched', async () => {
    const { owner, manifest } = await h.fund('demo');
    const listed = (await list(owner)).body;
    const addresses: string[] = listed.vacantAccounts.map((a: any) => a.address);
    const withheld = listed.vacantAccounts.find((a: any) => a.harvestFirst);
    const withheldAccount = withheld.address;
    const mintWithheld = async () => {
      const mint = new PublicKey(withheld.mint);
      const info = await h.connection.getAccountInfo(mint);
      return getTransferFeeConfig(unpackMint(mint, info, new PublicKey(TOKEN_2022_PROGRAM)))!.withheldAmount;
    };
    const mintWithheldBefore = await mintWithheld();
    const rent = sum(await h.lamportsOf(addresses));
    const feeWallet = h.solback.config.feeWallet;
    const untouched = [manifest.wrappedSol.account];
    const untouchedBefore = await h.lamportsOf(untouched);
    const untouchedData = await Promise.all(untouched.map((a) => h.connection.getAccountInfo(new PublicKey(a))));

    const { status, body } = await prepare(owner, addresses);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.accountCount).toBe(7);
    expect(body.transactions).toHaveLength(1);
    expect(body.transaction).toBe(body.transactions[0]);
    expect(body.totalRentLamports).toBe(rent);
    expect(body.totalFeeLamports).toBe(serviceFee(rent));
    // The client's guard accepts exactly this.
    expect(
      checkTransactions(body.transactions, {
        owner: owner.publicKey.toBase58(),
        kind: 'closeVacant',
        allowedAccounts: addresses,
        feeWallet,
        maxFeeLamports: serviceFee(rent),
      }),
    ).toEqual({ ok: true });

    const tx = fromBase64(body.transaction);
    expect(tx.feePayer?.toBase58()).toBe(owner.publicKey.toBase58());
    tx.partialSign(owner);
    const fee = networkFee(tx);
    const [ownerBefore, feeWalletBefore] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);

    const sub = await h.api('submit-burn-transaction', {
      signedTransaction: toBase64(tx),
      accountCount: body.accountCount,
    });
    expect(sub.status).toBe(200);
    expect(sub.body.success).toBe(true);
    expect(sub.body.accountCount).toBe(7);
    expect(sub.body.recoveredRentLamports).toBe(rent);
    expect(sub.body.recoveredRent).toBe(rent / LAMPORTS_PER_SOL);
    expect(typeof sub.body.signature).toBe('string');

    const [ownerAfter, feeWalletAfter] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);
    expect(ownerAfter - ownerBefore).toBe(sub.body.recoveredRentLamports - fee - serviceFee(rent));
    expect(feeWalletAfter - feeWalletBefore).toBe(serviceFee(rent));
    expect(sub.body.ownerBalanceChangeLamports).toBe(ownerAfter - ownerBefore);
    expect(await h.lamportsOf(addresses)).toEqual(addresses.map(() => 0));
    expect(await h.connection.getAccountInfo(new PublicKey(withheldAccount))).toBeNull();
    // Harvested first: the account's withheld fees moved to the mint's withheld counter.
    expect(await mintWithheld()).toBe(mintWithheldBefore + BigInt(withheld.withheldAmount));
    // Wrapped SOL: same lamports, same bytes.
    expect(await h.lamportsOf(untouched)).toEqual(untouchedBefore);
    const after = await Promise.all(untouched.map((a) => h.connection.getAccountInfo(new PublicKey(a))));
    after.forEach((info, i) => expect(Buffer.compare(info!.data, untouchedData[i]!.data)).toBe(0));
    console.log(
      'demo close (lamports):',
      JSON.stringify({ rent, serviceFee: serviceFee(rent), networkFee: fee, ownerDelta: ownerAfter - ownerBefore }),
    );

    // A replay of the same signed transaction is refused: it was relayed once.
    const again = await h.api('submit-burn-transaction', { signedTransaction: toBase64(tx), accountCount: 6 });
    expect(again.status).toBe(400);
  });

  it('re-reads the chain: accounts not in the safe set are never put in a transaction', async () => {
    const { owner, manifest } = await h.fund('demo');
    const wsol = manifest.wrappedSol.account;
    const held = manifest.tokens[0].account; // holds tokens: not vacant
    const one = manifest.emptyAccounts[0].account;
    const { status, body } = await prepare(owner, [one, held, wsol]);
    expect(status).toBe(200);
    expect(body.accountCount).toBe(1);
    const keys = fromBase64(body.transaction).instructions.flatMap((ix) => ix.keys.map((k) => k.pubkey.toBase58()));
    expect(keys).not.toContain(held);
    expect(keys).not.toContain(wsol);
    expect(body.skippedAccounts.map((s: any) => s.reason).sort()).toEqual(['not-vacant', 'wrapped-sol']);

    const none = await prepare(owner, [held]);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, error: 'No vacant accounts found to burn.' });
  });
});

describe('priority fee', () => {
  it("another tool's priced transaction just before does not set the recovery's price (3,054,800 µlamports → 1)", async () => {
    const { owner } = await h.fund('demo');
    const other = (await h.fund('demo')).owner;
    const priced = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 3_054_800 }),
      SystemProgram.transfer({
        fromPubkey: other.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 1_000_000,
      }),
    );
    await sendAndConfirmTransaction(h.connection, priced, [other], { commitment: 'confirmed' });
    const { status, body } = await prepare(owner);
    expect(status).toBe(200);
    // The 75th percentile of every recent slot, idle ones included: one priced slot is not the market.
    expect(body.computeUnitPrice).toBe(1);
  });
});

describe('submit refuses what it did not prepare', () => {
  it('an unprepared transaction, an altered one and one not signed by the owner are refused; nothing closes', async () => {
    const { owner, manifest } = await h.fund('demo');
    const target = manifest.emptyAccounts[0].account;
    const ownerKey = owner.publicKey;

    // 1. Built by the client itself (never prepared).
    const { blockhash } = await h.connection.getLatestBlockhash();
    const own = new Transaction({ feePayer: ownerKey, recentBlockhash: blockhash }).add(
      createCloseAccountInstruction(new PublicKey(target), ownerKey, ownerKey),
    );
    own.sign(owner);
    const r1 = await h.api('submit-burn-transaction', { signedTransaction: toBase64(own), accountCount: 1 });
    expect(r1.status).toBe(400);
    expect(r1.body.success).toBe(false);
    expect(r1.body.error).toMatch(/not prepared by this server/);

    // 2. Prepared, then altered: the fee transfer now pays someone else.
    const { body } = await prepare(owner);
    const altered = fromBase64(body.transaction);
    const feeIx = altered.instructions.findIndex((ix) => ix.programId.equals(SystemProgram.programId));
    altered.instructions[feeIx] = SystemProgram.transfer({
      fromPubkey: ownerKey,
      toPubkey: Keypair.generate().publicKey,
      lamports: 1,
    });
    const rebuilt = new Transaction({ feePayer: ownerKey, recentBlockhash: altered.recentBlockhash }).add(
      ...altered.instructions,
    );
    rebuilt.sign(owner);
    const r2 = await h.api('submit-burn-transaction', { signedTransaction: toBase64(rebuilt), accountCount: 6 });
    expect(r2.status).toBe(400);
    expect(r2.body.error).toMatch(/changed after preparing/);

    // 3. Prepared and unaltered, but the signature is not the owner's.
    const forged = fromBase64(body.transaction);
    forged.signatures[0].signature = Buffer.from(Keypair.generate().secretKey.slice(0, 64));
    const r3 = await h.api('submit-burn-transaction', {
      signedTransaction: forged.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
      accountCount: 6,
    });
    expect(r3.status).toBe(400);
    expect(r3.body.error).toMatch(/not signed by the wallet/);

    // 4. Garbage.
    expect((await h.api('submit-burn-transaction', { signedTransaction: 'AAAA', accountCount: 1 })).status).toBe(400);
    expect((await h.api('submit-burn-transaction', { accountCount: 1 })).status).toBe(400);

    const lamports = await h.lamportsOf(manifest.emptyAccounts.map((a: any) => a.account));
    expect(lamports.every((l) => l > 0)).toBe(true);
  });
});

describe('large wallet', () => {
  it('closes 200 accounts in the fewest transactions the size limit allows, all submitted at once', async () => {
    const { owner, manifest } = await h.fund('large');
    const listed = (await list(owner)).body;
    expect(listed.accountCount).toBe(200);
    const addresses: string[] = listed.vacantAccounts.map((a: any) => a.address);
    const rent = sum(await h.lamportsOf(addresses));
    const { status, body } = await prepare(owner, addresses);
    expect(status).toBe(200);
    // Measured as a guarded wallet sends them (its four Lighthouse assertions in), the size every packer keeps to.
    const sizes = body.transactions.map((t: string) => sizeAfterWalletAdditions(fromBase64(t)));
    const perTx: number[] = body.accountCounts;
    expect(sum(perTx)).toBe(200);
    // Fewest: every transaction but the last is full — one more close (a new 32-byte key + a 7-byte instruction)
    // would not fit in 1232 bytes with the wallet's additions — so the count is ceil(200 / per-transaction capacity).
    sizes.forEach((s: number) => expect(s).toBeLessThanOrEqual(TRANSACTION_SIZE_LIMIT_BYTES));
    sizes.slice(0, -1).forEach((s: number) => expect(s + 39).toBeGreaterThan(TRANSACTION_SIZE_LIMIT_BYTES));
    expect(body.transactions).toHaveLength(Math.ceil(200 / perTx[0]));
    console.log('large packing:', JSON.stringify({ transactions: body.transactions.length, perTx, sizes }));

    const feeWallet = h.solback.config.feeWallet;
    const txs = body.transactions.map(fromBase64);
    txs.forEach((t: Transaction) => t.partialSign(owner));
    const fees = sum(txs.map(networkFee));
    const serviceFees = sum(body.feesPerTransactionLamports);
    expect(serviceFees).toBeLessThanOrEqual(serviceFee(rent));
    body.rentPerTransactionLamports.forEach((r: number, i: number) =>
      expect(body.feesPerTransactionLamports[i]).toBe(serviceFee(r)),
    );
    const [ownerBefore, feeBefore] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);
    const sub = await h.api('submit-burn-transaction', { signedTransactions: txs.map(toBase64), accountCount: 200 });
    expect(sub.status).toBe(200);
    expect(sub.body.success).toBe(true);
    expect(sub.body.accountCount).toBe(200);
    expect(sub.body.signatures).toHaveLength(txs.length);
    expect(sub.body.recoveredRentLamports).toBe(rent);
    const [ownerAfter, feeAfter] = await h.lamportsOf([owner.publicKey.toBase58(), feeWallet]);
    expect(ownerAfter - ownerBefore).toBe(rent - fees - serviceFees);
    expect(feeAfter - feeBefore).toBe(serviceFees);
    expect(sum(await h.lamportsOf(addresses))).toBe(0);
    expect(manifest.tokens.length).toBe(1000);
    console.log(
      'large close (lamports):',
      JSON.stringify({ rent, serviceFees, networkFees: fees, ownerDelta: ownerAfter - ownerBefore }),
    );
  }, 180_000);
});
