// Surplus rent (PRODUCT difference 13, SIMD-0437) over HTTP on the local chain: the demo wallet is funded at the legacy 6960
// lamports per byte, the chain then runs at 5080. Every expected figure is read from the chain here — the account's
// own lamports and getMinimumBalanceForRentExemption for its size — never from the app's answers or a constant.
import { unpackAccount } from '@solana/spl-token';
import { PublicKey, SYSVAR_RENT_PUBKEY } from '@solana/web3.js';
import { serviceFee } from '../../src/chain/fees';
import { checkTransactions } from '../../src/chain/guard';
import { NATIVE_MINT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';
import { mintsClosableBy } from '../support/closableMints';
import { fromBase64, networkFee, sum, toBase64 } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

interface Kept {
  address: string;
  lamports: number;
  minimum: number;
  amount: bigint | null;
}

/** Every account the recovery must leave in place, with its minimum read from the chain for its own size. */
async function keptAccounts(owner: PublicKey, closing: Set<string>, mints: string[]): Promise<Kept[]> {
  const out: Kept[] = [];
  for (const programId of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
    const { value } = await h.connection.getTokenAccountsByOwner(owner, { programId: new PublicKey(programId) });
    for (const { pubkey, account } of value) {
      const decoded = unpackAccount(pubkey, account, new PublicKey(programId));
      if (closing.has(pubkey.toBase58()) || decoded.mint.toBase58() === NATIVE_MINT) continue;
      const minimum = await h.connection.getMinimumBalanceForRentExemption(account.data.length);
      out.push({ address: pubkey.toBase58(), lamports: account.lamports, minimum, amount: decoded.amount });
    }
  }
  for (const mint of mints) {
    const info = (await h.connection.getAccountInfo(new PublicKey(mint)))!;
    out.push({
      address: mint,
      lamports: info.lamports,
      minimum: await h.connection.getMinimumBalanceForRentExemption(info.data.length),
      amount: null,
    });
  }
  return out;
}

/**
 * The owned mints the surplus flow keeps: all but those the owner can close whole, which "More SOL in your wallet"
 * closes (the demo's Token-2022 mint names the wallet as its close authority and has nothing minted).
 */
async function keptMints(owner: PublicKey, manifest: any): Promise<{ kept: string[]; closable: string[] }> {
  const owned = manifest.ownedMints.map((m: any) => m.mint as string);
  const closable = await mintsClosableBy(h.connection, owner, owned);
  return { kept: owned.filter((m: string) => !closable.includes(m)), closable };
}

async function tokenAmount(address: string, programId: string): Promise<bigint> {
  const info = await h.connection.getAccountInfo(new PublicKey(address));
  return unpackAccount(new PublicKey(address), info, new PublicKey(programId)).amount;
}

describe('the chain runs at the current SIMD-0437 step', () => {
  it('getMinimumBalanceForRentExemption and the Rent sysvar answer 5080 per byte; demo accounts hold the legacy deposit', async () => {
    expect(await h.connection.getMinimumBalanceForRentExemption(165)).toBe((165 + 128) * 5080);
    const sysvar = (await h.connection.getAccountInfo(SYSVAR_RENT_PUBKEY))!;
    expect(sysvar.data.readBigUInt64LE(0)).toBe(5080n); // lamports_per_byte (SIMD-0194 layout)
    const { manifest } = await h.fund('demo');
    expect(manifest.emptyAccounts[0].lamports).toBe((165 + 128) * 6960);
    expect(manifest.ownedMints.map((m: any) => m.lamports)).toEqual(
      manifest.ownedMints.map((m: any) => (m.space + 128) * 6960),
    );
  });
});

describe('surplus of the demo wallet', () => {
  it('estimate = Σ(lamports − minimum) read from the chain; one approval withdraws it with the closes, to the lamport', async () => {
    const { owner, manifest } = await h.fund('demo');
    const ownerAddress = owner.publicKey.toBase58();
    const vacant = [...manifest.emptyAccounts, ...manifest.frozenAccounts].map((a: any) => a.account as string);
    const mints = await keptMints(owner.publicKey, manifest);
    expect(mints.closable).toHaveLength(1);
    const kept = await keptAccounts(owner.publicKey, new Set(vacant), mints.kept);
    const withSurplus = kept.filter((k) => k.lamports > k.minimum);
    const surplus = sum(withSurplus.map((k) => k.lamports - k.minimum));
    // Everything was funded at 6960, so every kept account holds surplus: tokens (the Token-2022 fee token is 182
    // bytes), the token accounts of every NFT kind, the owned mint that cannot be closed.
    expect(withSurplus).toHaveLength(kept.length);
    expect(kept.length).toBeGreaterThanOrEqual(manifest.tokens.length - 1 + manifest.nfts.length + 1);
    expect(surplus).toBeGreaterThan(0);

    const estimate = await h.read(`rent-estimate/${ownerAddress}`);
    expect(estimate.body.data.surplusRentLamports).toBe(surplus);
    expect(estimate.body.data.surplusAccounts).toBe(withSurplus.length);
    expect(estimate.body.data.surplusRent).toBe(surplus / 1e9);

    const rent = sum(await h.lamportsOf(vacant));
    const prep = await h.api('prepare-burn-transactions', { ownerAddress, withdrawSurplus: true });
    expect(prep.status).toBe(200);
    expect(prep.body.accountCount).toBe(vacant.length);
    expect(prep.body.totalSurplusLamports).toBe(surplus);
    expect(prep.body.surplusAccounts).toBe(withSurplus.length);
    const fee = serviceFee(rent + surplus);
    // 1 % of everything each transaction gives back (closes + surplus), rounded down per transaction.
    const perTx = prep.body.rentPerTransactionLamports.map(
      (r: number, i: number) => r + prep.body.surplusPerTransactionLamports[i],
    );
    expect(prep.body.feesPerTransactionLamports).toEqual(perTx.map((x: number) => serviceFee(x)));
    expect(sum(perTx)).toBe(rent + surplus);
    expect(prep.body.totalFeeLamports).toBeLessThanOrEqual(fee);
    const txs = prep.body.transactions.map(fromBase64);
    const ok = checkTransactions(prep.body.transactions, {
      owner: ownerAddress,
      kind: 'closeVacant',
      allowedAccounts: vacant,
      surplusSources: withSurplus.map((k) => k.address),
      feeWallet: h.solback.config.feeWallet,
      maxFeeLamports: fee,
    });
    expect(ok).toEqual({ ok: true });

    const feeWallet = h.solback.config.feeWallet;
    const wsol = manifest.wrappedSol.account;
    const [ownerBefore, feeBefore, wsolBefore, closableBefore] = await h.lamportsOf([
      ownerAddress,
      feeWallet,
      wsol,
      ...mints.closable,
    ]);
    const amountsBefore = await Promise.all(manifest.tokens.map((t: any) => tokenAmount(t.account, t.program)));
    txs.forEach((tx: any) => tx.partialSign(owner));
    const networkFees = sum(txs.map(networkFee));
    const sub = await h.api('submit-burn-transaction', {
      signedTransactions: txs.map(toBase64),
      accountCount: vacant.length,
    });
    expect(sub.status).toBe(200);
    expect(sub.body.success).toBe(true);
    expect(sub.body.surplusRecoveredLamports).toBe(surplus);
    expect(sub.body.recoveredRentLamports).toBe(rent + surplus);

    const [ownerAfter, feeAfter, wsolAfter, closableAfter] = await h.lamportsOf([
      ownerAddress,
      feeWallet,
      wsol,
      ...mints.closable,
    ]);
    expect(ownerAfter - ownerBefore).toBe(rent + surplus - prep.body.totalFeeLamports - networkFees);
    expect(feeAfter - feeBefore).toBe(prep.body.totalFeeLamports);
    expect(wsolAfter).toBe(wsolBefore); // wrapped SOL untouched
    expect(closableAfter).toBe(closableBefore); // the closable mint is More SOL's: not withdrawn here
    expect(await h.lamportsOf(vacant)).toEqual(vacant.map(() => 0));
    // Every kept account holds exactly its minimum, with its token amount unchanged.
    expect(await h.lamportsOf(kept.map((k) => k.address))).toEqual(kept.map((k) => k.minimum));
    expect(await Promise.all(manifest.tokens.map((t: any) => tokenAmount(t.account, t.program)))).toEqual(
      amountsBefore,
    );
    console.log(
      'demo surplus (lamports):',
      JSON.stringify({
        keptWithSurplus: withSurplus.length,
        surplus,
        perKeptAccount: Math.floor(surplus / withSurplus.length),
        rent,
        serviceFee: prep.body.totalFeeLamports,
        networkFees,
        ownerDelta: ownerAfter - ownerBefore,
        transactions: txs.length,
      }),
    );

    const again = await h.read(`rent-estimate/${ownerAddress}`);
    expect(again.body.data.surplusRentLamports).toBe(0);
  }, 60_000);

  it('without withdrawSurplus nothing but the closes is prepared', async () => {
    const { owner } = await h.fund('demo');
    const prep = await h.api('prepare-burn-transactions', { ownerAddress: owner.publicKey.toBase58() });
    expect(prep.body.surplusAccounts).toBe(0);
    const tags = prep.body.transactions
      .map(fromBase64)
      .flatMap((tx: any) => tx.instructions.map((ix: any) => ix.data[0]));
    expect(tags).not.toContain(38);
  });
});

describe('rent ahead (SIMD-0437 steps to come)', () => {
  it('forecasts each next step from the chain, counts none of it now, and one step later recovers exactly the forecast', async () => {
    const net = h.solback.localnet!;
    const { owner, manifest } = await h.fund('demo');
    const ownerAddress = owner.publicKey.toBase58();
    const vacant = [...manifest.emptyAccounts, ...manifest.frozenAccounts].map((a: any) => a.account as string);
    const kept = await keptAccounts(
      owner.publicKey,
      new Set(vacant),
      (await keptMints(owner.publicKey, manifest)).kept,
    );
    // The chain runs at 5080: each kept account's (bytes + 128) is its minimum / 5080.
    const today = 5080;
    const above = (perByte: number) => sum(kept.map((k) => Math.max(0, k.lamports - (k.minimum / today) * perByte)));

    const before = (await h.read(`rent-estimate/${ownerAddress}`)).body.data;
    expect(before.rentAheadLamports).toEqual(
      [2575, 1322, 696].map((perByte) => ({
        lamportsPerByte: perByte,
        surplusLamports: above(perByte),
        accounts: kept.length,
      })),
    );
    // A forecast: today's figures count only today's surplus.
    expect(before.surplusRentLamports).toBe(above(today));
    expect(before.rentAheadLamports[0].surplusLamports).toBeGreaterThan(before.surplusRentLamports);

    net.rent.set(2575); // the next step's feature gate, as LOCALNET_LAMPORTS_PER_BYTE=2575 would set it
    try {
      const after = (await h.read(`rent-estimate/${ownerAddress}`)).body.data;
      expect(after.surplusRentLamports).toBe(before.rentAheadLamports[0].surplusLamports);
      expect(after.rentAheadLamports.map((s: any) => s.lamportsPerByte)).toEqual([1322, 696]);

      const rent = sum(await h.lamportsOf(vacant));
      const prep = await h.api('prepare-burn-transactions', { ownerAddress, withdrawSurplus: true });
      expect(prep.status).toBe(200);
      const txs = prep.body.transactions.map(fromBase64);
      txs.forEach((tx: any) => tx.partialSign(owner));
      const networkFees = sum(txs.map(networkFee));
      const [ownerBefore] = await h.lamportsOf([ownerAddress]);
      const sub = await h.api('submit-burn-transaction', {
        signedTransactions: txs.map(toBase64),
        accountCount: vacant.length,
      });
      expect(sub.status).toBe(200);
      expect(sub.body.surplusRecoveredLamports).toBe(before.rentAheadLamports[0].surplusLamports);
      const [ownerAfter] = await h.lamportsOf([ownerAddress]);
      expect(ownerAfter - ownerBefore).toBe(
        rent + before.rentAheadLamports[0].surplusLamports - prep.body.totalFeeLamports - networkFees,
      );
    } finally {
      net.rent.set(today);
    }
  }, 60_000);
});
