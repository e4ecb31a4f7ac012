// The Pump.fun sources over HTTP on the local chain (the Pump programs emulated: each source folder's localProgram.ts):
// the demo wallet's creator vault and volume accumulator are listed with their rewards apart from rent, recovered in
// one prepare with the 1 % fee on what comes back, exact to the lamport; the page's guard refuses a lying server's
// variants, and the emulated program refuses what the real one would.
import { Keypair, PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { serviceFee } from '../../src/chain/fees';
import {
  closeVolumeAccumulatorIx,
  collectCreatorFeeIx,
  creatorVaultOf,
  PUMP_EVENT_AUTHORITY,
  PUMP_IX,
  PUMP_PROGRAM,
  swapVaultOf,
  tokenAmountOf,
  transferSwapFeesIx,
} from '../../src/chain/recovery/pumpLayouts';
import {
  FUNDED_CREATOR_FEES,
  FUNDED_SWAP_CREATOR_FEES,
} from '../../src/chain/recovery/sources/pumpCreatorFee/localFunding';
import { FUNDED_CASHBACK } from '../../src/chain/recovery/sources/pumpVolumeAccumulator/localFunding';
import { PUMP_CREATOR_FEE_DETAIL } from '../../src/chain/recovery/sources/pumpCreatorFee/texts';
import { PUMP_ACCUMULATOR_DETAIL } from '../../src/chain/recovery/sources/pumpVolumeAccumulator/texts';
import { until } from '../support/until';
import { fromBase64, networkFee, sum } from './vacantSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 60_000);
afterAll(() => h?.close());

// Made at the legacy rent (6,960 per byte), as the demo's other sources; the programs keep today's minimum.
const ACCUMULATOR_RENT = (106 + 128) * 6960;
const VAULT_RENT = 128 * 6960;
const rentNow = (bytes: number) => h.connection.getMinimumBalanceForRentExemption(bytes);

const guard = (owner: string, txs: string[], allowed: string[], feeWallet: string) =>
  chainGuard(txs, {
    owner,
    kind: 'recover',
    allowedAccounts: allowed,
    feeWallet,
    reader: connectionChainReader(h.connection),
  });

async function send(tx: Transaction, signers: Keypair[]) {
  tx.recentBlockhash = (await h.connection.getLatestBlockhash('confirmed')).blockhash;
  tx.feePayer = signers[0].publicKey;
  tx.sign(...signers);
  const signature = await h.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
  const status = await until(async () => (await h.connection.getSignatureStatus(signature)).value);
  return status.err;
}

it('lists the creator fees (bonding curve and PumpSwap) and the cashback apart from rent; one prepare recovers all, exact, 1 % of what comes back', async () => {
  const { owner, manifest } = await h.fund('demo');
  const wallet = owner.publicKey.toBase58();
  const [vault] = manifest.recovery.sources.pumpCreatorFee;
  const [accumulator] = manifest.recovery.sources.pumpVolumeAccumulator;
  expect(vault).toBe(creatorVaultOf(wallet));
  expect(await h.lamportsOf([vault, accumulator])).toEqual([
    VAULT_RENT + FUNDED_CREATOR_FEES,
    ACCUMULATOR_RENT + FUNDED_CASHBACK,
  ]);

  // The PumpSwap vault: a wrapped-SOL account whose token amount is the fees.
  const swapVault = swapVaultOf(wallet);
  const swapInfo = (await h.connection.getAccountInfo(new PublicKey(swapVault)))!;
  expect(tokenAmountOf(swapInfo.data)).toBe(BigInt(FUNDED_SWAP_CREATOR_FEES));
  // What comes back: the bonding-curve vault's lamports above today's minimum (the fees and the rent the lower rate
  // frees) with the PumpSwap fees forwarded into it; the accumulator whole, its cashback (above today's minimum)
  // named apart from its rent.
  const fees = VAULT_RENT + FUNDED_CREATOR_FEES - (await rentNow(0));
  const cashback = ACCUMULATOR_RENT + FUNDED_CASHBACK - (await rentNow(106));
  expect([fees, cashback]).toEqual([12_540_640, 4_999_920]); // at today's 5,080 per byte
  const listed = (await h.read(`recoverable/${wallet}`)).body;
  expect(listed.scans).toMatchObject({ pumpCreatorFee: 'ok', pumpVolumeAccumulator: 'ok' });
  const by = (a: string) => listed.sources.find((s: any) => s.address === a);
  expect(by(vault)).toMatchObject({
    kind: 'pumpCreatorFee',
    state: 'ready',
    optIn: false,
    recoverableLamports: 12_540_640 + 7_800_000,
    planAccounts: [swapVault],
    detail: PUMP_CREATOR_FEE_DETAIL('0.01254064', '0.0078'),
  });
  expect(by(accumulator)).toMatchObject({
    kind: 'pumpVolumeAccumulator',
    state: 'ready',
    recoverableLamports: 6_188_640,
    detail: PUMP_ACCUMULATOR_DETAIL.pumpAccumulator('0.00499992', '0.00118872'),
  });

  const prepared = await h.api('prepare-recovery', { ownerAddress: wallet, accounts: [vault, accumulator] });
  expect(prepared.status).toBe(200);
  let estimate = 0;
  await chainGuard(prepared.body.transactions, {
    owner: wallet,
    kind: 'recover',
    allowedAccounts: [vault, accumulator],
    feeWallet: prepared.body.feeWallet,
    reader: connectionChainReader(h.connection),
    onChecked: (r) => (estimate = r.ownerChangeLamports),
  });
  const txs: Transaction[] = prepared.body.transactions.map(fromBase64);
  expect(txs).toHaveLength(1); // one approval
  const fee = prepared.body.feesPerTransactionLamports[0];
  expect(fee).toBe(serviceFee(20_340_640 + 6_188_640)); // rewards and rent alike
  expect(fee).toBe(265_292);
  for (const tx of txs) tx.partialSign(owner);
  const [before, feeBefore] = await h.lamportsOf([wallet, prepared.body.feeWallet]);
  const submitted = await h.api('submit-burn-transaction', {
    signedTransactions: txs.map((t) => t.serialize().toString('base64')),
  });
  expect(submitted.status).toBe(200);
  const [after, feeAfter] = await h.lamportsOf([wallet, prepared.body.feeWallet]);
  expect(after - before).toBe(20_340_640 + 6_188_640 - fee - sum(txs.map(networkFee)));
  expect(estimate).toBe(after - before);
  expect(feeAfter - feeBefore).toBe(fee);
  // The vault stays open at its rent minimum for new fees; the accumulator is gone.
  expect(await h.lamportsOf([vault, accumulator])).toEqual([await rentNow(0), 0]);
  // The PumpSwap vault keeps its rent, its fees gone.
  const swapAfter = (await h.connection.getAccountInfo(new PublicKey(swapVault)))!;
  expect([swapAfter.lamports, tokenAmountOf(swapAfter.data)]).toEqual([swapInfo.lamports - 7_800_000, 0n]);
  expect((await h.read(`recoverable/${wallet}`)).body.sources.filter((s: any) => s.kind.startsWith('pump'))).toEqual(
    [],
  );
}, 120_000);

describe('a lying server', () => {
  let owner: Keypair;
  let wallet: string;
  let feeWallet: string;
  let vault: string;
  beforeAll(async () => {
    ({ owner } = await h.fund('demo'));
    wallet = owner.publicKey.toBase58();
    vault = creatorVaultOf(wallet);
    feeWallet = h.solback.config.feeWallet;
  }, 60_000);
  const b64 = (ixs: TransactionInstruction[]) =>
    new Transaction({ feePayer: owner.publicKey, recentBlockhash: PublicKey.default.toBase58() })
      .add(...ixs)
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64');
  const stranger = Keypair.generate().publicKey.toBase58();

  it('the claim paying someone else is refused', async () => {
    // The stranger's vault with the stranger as creator: its fees would go to the stranger.
    await expect(
      guard(wallet, [b64([collectCreatorFeeIx(stranger)])], [creatorVaultOf(stranger)], feeWallet),
    ).rejects.toThrow(`creator vault ${creatorVaultOf(stranger)} is not the owner's`);
    // The owner's vault with the stranger as creator.
    const redirected = collectCreatorFeeIx(wallet);
    redirected.keys[0].pubkey = new PublicKey(stranger);
    await expect(guard(wallet, [b64([redirected])], [vault], feeWallet)).rejects.toThrow(
      `creator fees paid to ${stranger}, not the owner`,
    );
    const close = closeVolumeAccumulatorIx(wallet);
    close.keys[0] = { pubkey: new PublicKey(stranger), isSigner: false, isWritable: true };
    await expect(guard(wallet, [b64([close])], [close.keys[1].pubkey.toBase58()], feeWallet)).rejects.toThrow(
      `volume accumulator pays ${stranger}, not the owner`,
    );
  });

  it('a wrong vault, an unticked one or another instruction of the program is refused', async () => {
    const wrong = collectCreatorFeeIx(wallet);
    wrong.keys[1].pubkey = new PublicKey(creatorVaultOf(stranger));
    await expect(guard(wallet, [b64([wrong])], [creatorVaultOf(stranger)], feeWallet)).rejects.toThrow(
      `creator vault ${creatorVaultOf(stranger)} is not the owner's`,
    );
    await expect(guard(wallet, [b64([collectCreatorFeeIx(wallet)])], [], feeWallet)).rejects.toThrow('not selected');
    const other = new TransactionInstruction({
      programId: new PublicKey(PUMP_PROGRAM),
      keys: collectCreatorFeeIx(wallet).keys,
      data: Buffer.from([51, 230, 133, 164, 1, 127, 131, 173, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), // sell
    });
    await expect(guard(wallet, [b64([other])], [vault], feeWallet)).rejects.toThrow('Pump instruction other than');
    // PumpSwap fees forwarded for another creator: its vault, its Pump vault.
    await expect(
      guard(wallet, [b64([transferSwapFeesIx(stranger), collectCreatorFeeIx(wallet)])], [vault], feeWallet),
    ).rejects.toThrow(`PumpSwap vault ${swapVaultOf(stranger)} is not the owner's`);
    const elsewhere = transferSwapFeesIx(wallet);
    elsewhere.keys[8].pubkey = new PublicKey(creatorVaultOf(stranger));
    await expect(guard(wallet, [b64([elsewhere, collectCreatorFeeIx(wallet)])], [vault], feeWallet)).rejects.toThrow(
      'PumpSwap fees forwarded for another creator or vault',
    );
  });
});

describe('the emulated program refuses what the real one would', () => {
  it('a creator vault that is not the PDA of the creator (ConstraintSeeds), a close the user does not sign', async () => {
    const { owner, manifest } = await h.fund('demo');
    const payer = (await h.fund('demo')).owner;
    const wallet = owner.publicKey.toBase58();
    const stranger = payer.publicKey.toBase58();
    const [accumulator] = manifest.recovery.sources.pumpVolumeAccumulator;
    // The stranger names itself creator of the owner's vault: the seeds do not match.
    const seeds = collectCreatorFeeIx(stranger);
    seeds.keys[1].pubkey = new PublicKey(creatorVaultOf(wallet));
    expect(await send(new Transaction().add(seeds), [payer])).toEqual({ InstructionError: [0, { Custom: 2006 }] });
    // The stranger pays the fee of a close of the owner's accumulator the owner does not sign.
    const unsigned = new TransactionInstruction({
      programId: new PublicKey(PUMP_PROGRAM),
      keys: [
        { pubkey: owner.publicKey, isSigner: false, isWritable: true },
        { pubkey: new PublicKey(accumulator), isSigner: false, isWritable: true },
        { pubkey: new PublicKey(PUMP_EVENT_AUTHORITY), isSigner: false, isWritable: false },
        { pubkey: new PublicKey(PUMP_PROGRAM), isSigner: false, isWritable: false },
      ],
      data: Buffer.from(PUMP_IX.closeUserVolumeAccumulator),
    });
    expect(await send(new Transaction().add(unsigned), [payer])).toEqual({ InstructionError: [0, { Custom: 2002 }] });
    // PumpSwap fees forwarded into the stranger's Pump vault: the seeds do not match.
    const forwarded = transferSwapFeesIx(wallet);
    forwarded.keys[0].pubkey = payer.publicKey;
    forwarded.keys[8].pubkey = new PublicKey(creatorVaultOf(stranger));
    expect(await send(new Transaction().add(forwarded), [payer])).toEqual({ InstructionError: [0, { Custom: 2006 }] });
    expect(await h.lamportsOf([creatorVaultOf(wallet), accumulator])).toEqual([
      VAULT_RENT + FUNDED_CREATOR_FEES,
      ACCUMULATOR_RENT + FUNDED_CASHBACK,
    ]);
    // Anyone may forward and collect for the creator (permissionless): the fees still go to the creator, exactly.
    const before = (await h.lamportsOf([wallet]))[0];
    const anyone = transferSwapFeesIx(wallet);
    anyone.keys[0].pubkey = payer.publicKey;
    expect(await send(new Transaction().add(anyone, collectCreatorFeeIx(wallet)), [payer])).toBeNull();
    expect((await h.lamportsOf([wallet]))[0] - before).toBe(
      VAULT_RENT + FUNDED_CREATOR_FEES + FUNDED_SWAP_CREATOR_FEES - (await rentNow(0)),
    );
    expect(await h.lamportsOf([creatorVaultOf(wallet)])).toEqual([await rentNow(0)]);
  }, 120_000);
});
