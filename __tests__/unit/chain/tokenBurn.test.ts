/** @jest-environment node */
// Burns and closes built by src/chain, executed by the real SPL Token and Token-2022 programs (LiteSVM).
import {
  ExtensionType,
  createAssociatedTokenAccountInstruction,
  createBurnCheckedInstruction,
  createInitializeMint2Instruction,
  createInitializeTransferFeeConfigInstruction,
  createMintToInstruction,
  createTransferCheckedWithFeeInstruction,
  getAssociatedTokenAddressSync,
  getMintLen,
  MINT_SIZE,
} from '@solana/spl-token';
import { Keypair, type PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { priorityFeeLamports } from '../../../src/chain/fees';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../src/chain/keys';
import { burnAndCloseIxs, closeVacantIxs } from '../../../src/chain/tokenInstructions';
import { SvmHarness } from './svmHarness';

const DECIMALS = 6;
const AMOUNT = 1_234_500_000n;
const FEE_BPS = 100;

interface World {
  h: SvmHarness;
  issuer: Keypair;
  owner: Keypair;
  mint: PublicKey;
  ownerAta: PublicKey;
  programId: PublicKey;
}

/** A mint and the owner's ATA holding AMOUNT, all paid by an issuer so the owner's balance only moves in the test. */
function world(programId: PublicKey, transferFee = false): World {
  const h = new SvmHarness();
  const issuer = Keypair.generate();
  const owner = Keypair.generate();
  h.airdrop(issuer.publicKey, 10_000_000_000n);
  h.airdrop(owner.publicKey, 1_000_000_000n);
  const mintKp = Keypair.generate();
  const mint = mintKp.publicKey;
  const space = transferFee ? getMintLen([ExtensionType.TransferFeeConfig]) : MINT_SIZE;
  const lamports = Number(h.svm.minimumBalanceForRentExemption(BigInt(space)));
  const setup = new Transaction().add(
    SystemProgram.createAccount({ fromPubkey: issuer.publicKey, newAccountPubkey: mint, space, lamports, programId }),
    ...(transferFee
      ? [
          createInitializeTransferFeeConfigInstruction(
            mint,
            issuer.publicKey,
            issuer.publicKey,
            FEE_BPS,
            1_000_000_000n,
            programId,
          ),
        ]
      : []),
    createInitializeMint2Instruction(mint, DECIMALS, issuer.publicKey, null, programId),
  );
  setup.feePayer = issuer.publicKey;
  h.sendOk(setup, [issuer, mintKp]);
  const ownerAta = getAssociatedTokenAddressSync(mint, owner.publicKey, false, programId);
  const fund = new Transaction().add(
    createAssociatedTokenAccountInstruction(issuer.publicKey, ownerAta, owner.publicKey, mint, programId),
  );
  if (transferFee) {
    // Tokens reach the owner through a fee-bearing transfer, so fees are withheld in the owner's account.
    const issuerAta = getAssociatedTokenAddressSync(mint, issuer.publicKey, false, programId);
    const fee = (AMOUNT * BigInt(FEE_BPS)) / 10_000n; // AMOUNT is a multiple of 100: no rounding
    fund.add(
      createAssociatedTokenAccountInstruction(issuer.publicKey, issuerAta, issuer.publicKey, mint, programId),
      createMintToInstruction(mint, issuerAta, issuer.publicKey, AMOUNT, [], programId),
      createTransferCheckedWithFeeInstruction(
        issuerAta,
        mint,
        ownerAta,
        issuer.publicKey,
        AMOUNT,
        DECIMALS,
        fee,
        [],
        programId,
      ),
    );
  } else {
    fund.add(createMintToInstruction(mint, ownerAta, issuer.publicKey, AMOUNT, [], programId));
  }
  fund.feePayer = issuer.publicKey;
  h.sendOk(fund, [issuer]);
  return { h, issuer, owner, mint, ownerAta, programId };
}

function ownerTx(w: World, ixs: ReturnType<typeof burnAndCloseIxs>): Transaction {
  const tx = new Transaction().add(...ixs);
  tx.feePayer = w.owner.publicKey;
  return tx;
}

const amountOf = (w: World) => w.h.data(w.ownerAta).readBigUInt64LE(64);

describe.each([
  ['SPL Token', TOKEN_PROGRAM_ID],
  ['Token-2022', TOKEN_2022_PROGRAM_ID],
])('%s burn + close', (_name, programId) => {
  it('returns exactly the account lamports minus 5000 per signature', () => {
    const w = world(programId);
    expect(amountOf(w)).toBe(AMOUNT);
    const rent = w.h.balance(w.ownerAta);
    const before = w.h.balance(w.owner.publicKey);
    const ixs = burnAndCloseIxs({
      owner: w.owner.publicKey,
      account: w.ownerAta,
      mint: w.mint,
      amount: AMOUNT,
      decimals: DECIMALS,
      programId,
    });
    w.h.sendOk(ownerTx(w, ixs), [w.owner]);
    expect(w.h.exists(w.ownerAta)).toBe(false);
    expect(w.h.balance(w.owner.publicKey) - before).toBe(rent - 5000n);
  });

  it('with the spec compute budget (200000 CU at 1 µlamport) also pays the 1-lamport priority fee', () => {
    const w = world(programId);
    const rent = w.h.balance(w.ownerAta);
    const before = w.h.balance(w.owner.publicKey);
    const ixs = [
      ...computeBudgetIxs(200_000, 1),
      ...burnAndCloseIxs({
        owner: w.owner.publicKey,
        account: w.ownerAta,
        mint: w.mint,
        amount: AMOUNT,
        decimals: DECIMALS,
        programId,
      }),
    ];
    w.h.sendOk(ownerTx(w, ixs), [w.owner]);
    expect(w.h.balance(w.owner.publicKey) - before).toBe(rent - 5000n - BigInt(priorityFeeLamports(200_000, 1)));
  });

  it('a wrong decimals value is refused by the program (checked burn) and nothing changes', () => {
    const w = world(programId);
    const ixs = burnAndCloseIxs({
      owner: w.owner.publicKey,
      account: w.ownerAta,
      mint: w.mint,
      amount: AMOUNT,
      decimals: DECIMALS + 1,
      programId,
    });
    expect(w.h.send(ownerTx(w, ixs), [w.owner])).not.toBeNull();
    expect(amountOf(w)).toBe(AMOUNT);
  });
});

describe('Token-2022 with withheld transfer fees', () => {
  it('burn + close fails without a harvest and succeeds with the harvest first', () => {
    const w = world(TOKEN_2022_PROGRAM_ID, true);
    const held = amountOf(w);
    expect(held).toBe((AMOUNT * BigInt(10_000 - FEE_BPS)) / 10_000n);
    const burnClose = burnAndCloseIxs({
      owner: w.owner.publicKey,
      account: w.ownerAta,
      mint: w.mint,
      amount: held,
      decimals: DECIMALS,
      programId: TOKEN_2022_PROGRAM_ID,
    });
    expect(w.h.send(ownerTx(w, burnClose), [w.owner])).toMatch(/withheld|0x19|Custom\(25\)|InstructionError/i);
    expect(amountOf(w)).toBe(held); // atomic: the burn was rolled back too

    const rent = w.h.balance(w.ownerAta);
    const before = w.h.balance(w.owner.publicKey);
    const [harvest] = closeVacantIxs({
      owner: w.owner.publicKey,
      account: w.ownerAta,
      mint: w.mint,
      hasWithheldFees: true,
    });
    w.h.expireBlockhash();
    w.h.sendOk(ownerTx(w, [harvest, ...burnClose]), [w.owner]);
    expect(w.h.exists(w.ownerAta)).toBe(false);
    expect(w.h.balance(w.owner.publicKey) - before).toBe(rent - 5000n);
  });

  it('a vacant account with withheld fees closes only with closeVacantIxs({hasWithheldFees: true})', () => {
    const w = world(TOKEN_2022_PROGRAM_ID, true);
    const burnOnly = createBurnCheckedInstruction(
      w.ownerAta,
      w.mint,
      w.owner.publicKey,
      amountOf(w),
      DECIMALS,
      [],
      TOKEN_2022_PROGRAM_ID,
    );
    w.h.sendOk(ownerTx(w, [burnOnly]), [w.owner]);
    expect(amountOf(w)).toBe(0n);

    const ref = { owner: w.owner.publicKey, account: w.ownerAta, mint: w.mint, programId: TOKEN_2022_PROGRAM_ID };
    w.h.expireBlockhash();
    expect(w.h.send(ownerTx(w, closeVacantIxs(ref)), [w.owner])).not.toBeNull();
    expect(w.h.exists(w.ownerAta)).toBe(true);

    const rent = w.h.balance(w.ownerAta);
    const before = w.h.balance(w.owner.publicKey);
    w.h.expireBlockhash();
    w.h.sendOk(ownerTx(w, closeVacantIxs({ ...ref, hasWithheldFees: true })), [w.owner]);
    expect(w.h.exists(w.ownerAta)).toBe(false);
    expect(w.h.balance(w.owner.publicKey) - before).toBe(rent - 5000n);
  });
});
