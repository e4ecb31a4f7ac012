/** @jest-environment node */
import { getTransferInstructionDataSerializer } from '@metaplex-foundation/mpl-bubblegum';
import {
  AuthorityType,
  createApproveInstruction,
  createSetAuthorityInstruction,
  createTransferInstruction,
} from '@solana/spl-token';
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { BUBBLEGUM_PROGRAM, SYSTEM_PROGRAM } from '../../../src/common/addresses';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import {
  type GuardIntent,
  TransactionGuardError,
  assertTransactions,
  checkTransaction,
  checkTransactions,
  cnftAssetId,
} from '../../../src/chain/guard';
import { TOKEN_2022_PROGRAM_ID } from '../../../src/chain/keys';
import { nftBurnV1Ix, nftSplBurnIxs } from '../../../src/chain/nftBurn';
import { packTransactions, transactionToBase64 } from '../../../src/chain/pack';
import { burnAndCloseIxs, closeAccountIx, closeVacantIxs } from '../../../src/chain/tokenInstructions';

const RENT = 2_039_280;
const owner = Keypair.generate();
const feeWallet = Keypair.generate().publicKey;
const trashWallet = Keypair.generate().publicKey;
const attacker = Keypair.generate().publicKey;
const blockhash = Keypair.generate().publicKey.toBase58();
const accounts = Array.from({ length: 30 }, () => Keypair.generate().publicKey);
const mints = Array.from({ length: 30 }, () => Keypair.generate().publicKey);

const vacantIntent: GuardIntent = {
  owner: owner.publicKey.toBase58(),
  kind: 'closeVacant',
  allowedAccounts: accounts.map((a) => a.toBase58()),
  feeWallet: feeWallet.toBase58(),
  maxFeeLamports: serviceFee(accounts.length * RENT),
};

function tx(ixs: TransactionInstruction[], feePayer = owner.publicKey): Transaction {
  return new Transaction({ feePayer, recentBlockhash: blockhash }).add(...ixs);
}

function packedCloses(): Transaction[] {
  return packTransactions({
    payer: owner.publicKey,
    recentBlockhash: blockhash,
    groups: accounts.map((account) => [closeAccountIx({ owner: owner.publicKey, account })]),
    prefix: () => computeBudgetIxs(200_000, 1),
    suffix: (idx) => feeTransferIxs(owner.publicKey, feeWallet, serviceFee(idx.length * RENT)),
  }).map((p) => p.transaction);
}

/** A close instruction; with another destination it is what a tampering server would send. */
function closeIx(account: PublicKey, destination = owner.publicKey): TransactionInstruction {
  const ix = closeAccountIx({ owner: owner.publicKey, account });
  ix.keys[1] = { pubkey: destination, isSigner: false, isWritable: true };
  return ix;
}

describe('checkTransaction: vacant closes', () => {
  it('passes the packed close transactions, in every input form', () => {
    const txs = packedCloses();
    expect(txs.length).toBeGreaterThan(1);
    expect(checkTransactions(txs, vacantIntent)).toEqual({ ok: true });
    const first = txs[0];
    expect(checkTransaction(first, vacantIntent)).toEqual({ ok: true });
    expect(checkTransaction(transactionToBase64(first), vacantIntent)).toEqual({ ok: true });
    expect(checkTransaction(first.serialize({ requireAllSignatures: false }), vacantIntent)).toEqual({ ok: true });
    first.sign(owner);
    expect(checkTransaction(first.serialize(), vacantIntent)).toEqual({ ok: true });
  });

  it('passes a Token-2022 harvest before the close', () => {
    const ixs = closeVacantIxs({ owner: owner.publicKey, account: accounts[0], mint: mints[0], hasWithheldFees: true });
    expect(ixs[1].programId.equals(TOKEN_2022_PROGRAM_ID)).toBe(true);
    expect(checkTransaction(tx(ixs), vacantIntent)).toEqual({ ok: true });
  });

  const refused: [string, () => Transaction, GuardIntent?][] = [
    [
      'the fee paid to someone else',
      () => tx([closeIx(accounts[0]), ...feeTransferIxs(owner.publicKey, attacker, 100)]),
    ],
    ['a close to another destination', () => tx([closeIx(accounts[0], attacker)])],
    [
      'an added transfer',
      () =>
        tx([
          closeIx(accounts[0]),
          SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: attacker, lamports: 1 }),
        ]),
    ],
    [
      'an added approve',
      () => tx([closeIx(accounts[0]), createApproveInstruction(accounts[1], attacker, owner.publicKey, 1n)]),
    ],
    [
      'a SetAuthority',
      () => tx([createSetAuthorityInstruction(accounts[0], owner.publicKey, AuthorityType.AccountOwner, attacker)]),
    ],
    ['a token transfer', () => tx([createTransferInstruction(accounts[0], accounts[1], owner.publicKey, 1n)])],
    [
      'a fee above the ceiling',
      () => tx([closeIx(accounts[0]), ...feeTransferIxs(owner.publicKey, feeWallet, serviceFee(30 * RENT) + 1)]),
    ],
    ['a close of an account not selected', () => tx([closeIx(Keypair.generate().publicKey)])],
    [
      'a burn in a vacant close',
      () =>
        tx(burnAndCloseIxs({ owner: owner.publicKey, account: accounts[0], mint: mints[0], amount: 5n, decimals: 0 })),
    ],
    ['another fee payer', () => tx([closeIx(accounts[0])], attacker)],
    [
      'an extra signer',
      () =>
        tx([
          closeIx(accounts[0]),
          SystemProgram.transfer({ fromPubkey: attacker, toPubkey: owner.publicKey, lamports: 1 }),
        ]),
    ],
    [
      'an unknown program',
      () =>
        tx([
          closeIx(accounts[0]),
          new TransactionInstruction({ programId: attacker, keys: [], data: Buffer.from([1]) }),
        ]),
    ],
    ['a compute-unit price above the cap', () => tx([...computeBudgetIxs(200_000, 10_000_000), closeIx(accounts[0])])],
    ['only a fee transfer', () => tx(feeTransferIxs(owner.publicKey, feeWallet, 100))],
    [
      'a system instruction other than transfer',
      () => tx([closeIx(accounts[0]), SystemProgram.assign({ accountPubkey: owner.publicKey, programId: attacker })]),
    ],
  ];
  it.each(refused)('refuses %s', (_name, make, intent = vacantIntent) => {
    const result = checkTransaction(make(), intent);
    expect(result.ok).toBe(false);
  });

  it('refuses a packed close altered to pay someone else', () => {
    const [first] = packedCloses();
    const fee = first.instructions[first.instructions.length - 1];
    fee.keys[1] = { ...fee.keys[1], pubkey: attacker };
    expect(checkTransaction(first, vacantIntent)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('not the configured wallet'),
    });
  });

  it('sums the fee over all transactions of one action', () => {
    const txs = packedCloses();
    const paid = txs.reduce(
      (sum, t) => sum + Number(t.instructions[t.instructions.length - 1].data.readBigUInt64LE(4)),
      0,
    );
    expect(checkTransactions(txs, { ...vacantIntent, maxFeeLamports: paid }).ok).toBe(true);
    expect(checkTransactions(txs, { ...vacantIntent, maxFeeLamports: paid - 1 }).ok).toBe(false);
  });

  it('assertTransactions throws TransactionGuardError with the reason (the page words it: classifyError)', () => {
    expect(() => assertTransactions([tx([closeIx(accounts[0], attacker)])], vacantIntent)).toThrow(
      TransactionGuardError,
    );
    try {
      assertTransactions([tx([closeIx(accounts[0], attacker)])], vacantIntent);
    } catch (err) {
      expect(err).toBeInstanceOf(TransactionGuardError);
      expect((err as TransactionGuardError).reason).toMatch(/close pays/);
    }
  });

  it('reads v0 transactions, and refuses one with lookup tables (accounts unknown without the chain)', () => {
    const message = new TransactionMessage({
      payerKey: owner.publicKey,
      recentBlockhash: blockhash,
      instructions: [closeIx(accounts[0])],
    });
    expect(checkTransaction(new VersionedTransaction(message.compileToV0Message()), vacantIntent)).toEqual({
      ok: true,
    });
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: BigInt('18446744073709551615'),
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [accounts[0]],
      },
    });
    const withLookup = new VersionedTransaction(message.compileToV0Message([table]));
    expect(checkTransaction(withLookup, vacantIntent)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('lookup'),
    });
  });

  it('refuses garbage', () => {
    expect(checkTransaction(new Uint8Array([1, 2, 3]), vacantIntent).ok).toBe(false);
  });
});

describe('checkTransaction: token and NFT burns', () => {
  const tokenIntent: GuardIntent = {
    owner: owner.publicKey.toBase58(),
    kind: 'burnTokens',
    allowedAccounts: [accounts[0], mints[0]].map((a) => a.toBase58()),
    feeWallet: feeWallet.toBase58(),
    maxFeeLamports: serviceFee(RENT),
  };
  const burn = (mint = mints[0]) =>
    burnAndCloseIxs({ owner: owner.publicKey, account: accounts[0], mint, amount: 10n, decimals: 2 });

  it('passes burn + close + fee of the selected token', () => {
    expect(
      checkTransaction(
        tx([...computeBudgetIxs(200_000), ...burn(), ...feeTransferIxs(owner.publicKey, feeWallet, serviceFee(RENT))]),
        tokenIntent,
      ),
    ).toEqual({ ok: true });
  });
  it('refuses a burn of a mint not selected', () => {
    expect(checkTransaction(tx(burn(mints[1])), tokenIntent).ok).toBe(false);
  });

  const nftIntent: GuardIntent = {
    owner: owner.publicKey.toBase58(),
    kind: 'burnNfts',
    allowedAccounts: [mints[2], accounts[2]].map((a) => a.toBase58()),
    feeWallet: feeWallet.toBase58(),
    maxFeeLamports: 105_096,
  };
  it('passes a burnV1 by the owner, and the SPL fallback', () => {
    const v1 = nftBurnV1Ix({
      owner: owner.publicKey,
      mint: mints[2],
      tokenAccount: accounts[2],
      verifiedCollectionMint: mints[3],
    });
    expect(checkTransaction(tx([...computeBudgetIxs(200_000), v1]), nftIntent)).toEqual({ ok: true });
    const spl = nftSplBurnIxs({ owner: owner.publicKey, mint: mints[2], tokenAccount: accounts[2] });
    expect(checkTransaction(tx(spl), nftIntent)).toEqual({ ok: true });
  });
  it('refuses a burnV1 of an NFT not selected or by another authority', () => {
    const other = nftBurnV1Ix({ owner: owner.publicKey, mint: mints[4], tokenAccount: accounts[4] });
    expect(checkTransaction(tx([other]), nftIntent).ok).toBe(false);
    const foreign = nftBurnV1Ix({ owner: attacker, mint: mints[2], tokenAccount: accounts[2] });
    expect(checkTransaction(tx([foreign]), nftIntent).ok).toBe(false);
  });
  it('refuses an NFT burn in a token-burn action', () => {
    const v1 = nftBurnV1Ix({ owner: owner.publicKey, mint: mints[0], tokenAccount: accounts[0] });
    expect(checkTransaction(tx([v1]), tokenIntent).ok).toBe(false);
  });
});

describe('checkTransaction: cNFT trash', () => {
  const tree = Keypair.generate().publicKey;
  const nonce = 7n;
  const assetId = cnftAssetId(tree.toBase58(), nonce);
  const intent: GuardIntent = {
    owner: owner.publicKey.toBase58(),
    kind: 'trashCnft',
    allowedAccounts: [assetId],
    trashWallet: trashWallet.toBase58(),
  };
  const transferIx = (to: PublicKey, n = nonce) => {
    const data = getTransferInstructionDataSerializer().serialize({
      root: new Uint8Array(32),
      dataHash: new Uint8Array(32),
      creatorHash: new Uint8Array(32),
      nonce: n,
      index: Number(n),
    });
    const meta = (pubkey: PublicKey, isSigner = false, isWritable = false) => ({ pubkey, isSigner, isWritable });
    return new TransactionInstruction({
      programId: new PublicKey(BUBBLEGUM_PROGRAM),
      keys: [
        meta(Keypair.generate().publicKey),
        meta(owner.publicKey, true),
        meta(owner.publicKey),
        meta(to),
        meta(tree, false, true),
        meta(Keypair.generate().publicKey),
        meta(Keypair.generate().publicKey),
        meta(new PublicKey(SYSTEM_PROGRAM)),
      ],
      data: Buffer.from(data),
    });
  };

  it('passes a transfer of the selected cNFT to the trash wallet', () => {
    expect(checkTransaction(tx([...computeBudgetIxs(400_000), transferIx(trashWallet)]), intent)).toEqual({ ok: true });
  });
  it('refuses a transfer elsewhere or of another asset', () => {
    expect(checkTransaction(tx([transferIx(attacker)]), intent).ok).toBe(false);
    expect(checkTransaction(tx([transferIx(trashWallet, 8n)]), intent).ok).toBe(false);
  });
  it('allows the 1000-lamport basic fallback to the trash wallet, no more', () => {
    const send = (lamports: number) =>
      SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: trashWallet, lamports });
    expect(checkTransaction(tx([send(1000)]), intent)).toEqual({ ok: true });
    expect(checkTransaction(tx([send(1001)]), intent).ok).toBe(false);
  });
});
