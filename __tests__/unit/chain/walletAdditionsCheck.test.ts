/** @jest-environment node */
import { createTransferCheckedInstruction } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { decodeTransaction } from '../../../src/chain/decode';
import { closeAccountIx } from '../../../src/chain/tokenInstructions';
import { addWalletGuards, lighthouseAssertionIx } from '../../../src/chain/walletAdditions';
import {
  MAX_WALLET_ADDITIONS,
  payloadOrRefusal,
  walletAdditionsRefusal,
} from '../../../src/chain/walletAdditionsCheck';

const owner = Keypair.generate().publicKey;
const blockhash = PublicKey.default.toBase58();
const closes = [0, 1, 2].map(() => closeAccountIx({ owner, account: Keypair.generate().publicKey }));
const prepared = [...computeBudgetIxs(200_000, 1), ...closes];

const tx = (ixs: TransactionInstruction[]) =>
  new Transaction({ feePayer: owner, recentBlockhash: blockhash }).add(...ixs);
const refusal = (sent: TransactionInstruction[]) =>
  walletAdditionsRefusal(decodeTransaction(tx(prepared)), decodeTransaction(tx(sent)));
const lh = (n: number) => lighthouseAssertionIx(owner, 17 + n, n);

describe('what a wallet adds, after the wallet', () => {
  it("accepts Phantom's additions, and Lighthouse / Compute Budget instructions in any position", () => {
    expect(refusal(prepared)).toBeNull();
    expect(
      walletAdditionsRefusal(decodeTransaction(tx(prepared)), decodeTransaction(addWalletGuards(tx(prepared)))),
    ).toBeNull();
    const [limit, price, ...work] = prepared;
    expect(refusal([lh(1), limit, lh(2), price, work[0], lh(3), work[1], work[2], lh(4)])).toBeNull();
    const bare = tx(closes);
    expect(walletAdditionsRefusal(decodeTransaction(bare), decodeTransaction(addWalletGuards(bare)))).toBeNull();
    const heap = ComputeBudgetProgram.requestHeapFrame({ bytes: 64 * 1024 });
    expect(refusal([heap, ...prepared, lh(1)])).toBeNull();
  });

  it('refuses an added SOL transfer, an added token instruction, and more than the bound', () => {
    const transfer = SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports: 1 });
    expect(refusal([lh(1), ...prepared, transfer])).toMatch(/not prepared/);
    const token = createTransferCheckedInstruction(
      Keypair.generate().publicKey,
      Keypair.generate().publicKey,
      Keypair.generate().publicKey,
      owner,
      1n,
      0,
    );
    expect(refusal([...prepared, token])).toMatch(/not prepared/);
    const many = Array.from({ length: MAX_WALLET_ADDITIONS + 1 }, (_, i) => lh(i));
    expect(MAX_WALLET_ADDITIONS).toBe(6);
    expect(refusal([...many.slice(0, 6), ...prepared])).toBeNull();
    expect(refusal([...many, ...prepared])).toMatch(/more than 6/);
  });

  it('refuses a prepared instruction changed, missing or moved, another blockhash, and an addition that adds a signer', () => {
    expect(refusal(prepared.slice(0, -1))).toMatch(/missing/);
    expect(refusal([prepared[0], prepared[1], closes[1], closes[0], closes[2]])).not.toBeNull();
    const other = new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() });
    expect(walletAdditionsRefusal(decodeTransaction(tx(prepared)), decodeTransaction(other.add(...prepared)))).toMatch(
      /blockhash/,
    );
    const signer = lh(1);
    signer.keys.push({ pubkey: Keypair.generate().publicKey, isSigner: true, isWritable: true });
    expect(refusal([signer, ...prepared])).toMatch(/signers/);
  });

  it('where nothing prepared is known, sets the additions aside and bounds them', () => {
    const memo = closes[0];
    const payload = payloadOrRefusal(decodeTransaction(addWalletGuards(tx([memo]))));
    expect(payload).toHaveLength(1);
    expect(Array.isArray(payload) && payload[0].programId).toBe(memo.programId.toBase58());
    const seven = [...Array.from({ length: 7 }, (_, i) => lh(i)), memo];
    expect(payloadOrRefusal(decodeTransaction(tx(seven)))).toMatch(/more than 6/);
  });
});
