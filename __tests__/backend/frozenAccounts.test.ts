// What a frozen token account allows, per program, run on the local chain's real SPL Token and Token-2022 binaries
// (PRODUCT difference 7). Program sources read for the same answer: CloseAccount checks balance, close authority and (in
// Token-2022) withheld/confidential amounts, never the state; WithdrawExcessLamports never reads the state; Burn
// refuses a frozen account (AccountFrozen, custom error 0x11). So a frozen EMPTY account is closed with the rest,
// a frozen account's surplus is withdrawn, and a frozen account WITH tokens stays (it cannot be burned, so not closed).
import { Keypair, PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { createLocalnet, type Localnet } from '../../backend/localnet';
import { sendLocal } from '../../backend/localnet/fund/tx';
import { classifyVacant, scanTokenAccounts } from '../../backend/services/vacant/vacantScan';
import { createRpcClient, localTransport } from '../../backend/services/rpc/rpc';
import { closeVacantIxs } from '../../src/chain/tokenInstructions';
import { withdrawExcessLamportsIx } from '../../src/chain/withdrawExcess';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';

let net: Localnet;
const authority = Keypair.generate(); // mint and freeze authority, payer of the set-up
beforeAll(async () => {
  const k = () => Keypair.generate().publicKey.toBase58();
  net = await createLocalnet({ delegate: k(), trashWallet: k(), feeWallet: k(), slotMs: 0, lamportsPerByte: 6960 });
  net.chain.airdrop(authority.publicKey.toBase58(), 100_000_000_000n);
});
afterAll(() => net?.close());

const lamports = (a: PublicKey) => Number(net.chain.getBalance(a.toBase58()));
function trySend(ixs: TransactionInstruction[], signers: Keypair[]) {
  try {
    sendLocal(net.chain, ixs, signers);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** An owner with a frozen account of a new mint of `program`, holding `amount` (optionally with withheld fees). */
function frozenAccount(program: string, amount: bigint, withheld = false) {
  const owner = Keypair.generate();
  net.chain.airdrop(owner.publicKey.toBase58(), 1_000_000_000n);
  const mint = Keypair.generate();
  const P = new PublicKey(program);
  const extensions = withheld ? [T.ExtensionType.TransferFeeConfig] : [];
  const mintSpace = T.getMintLen(extensions);
  const A = authority.publicKey;
  sendLocal(
    net.chain,
    [
      SystemProgram.createAccount({
        fromPubkey: A,
        newAccountPubkey: mint.publicKey,
        space: mintSpace,
        lamports: net.chain.rent(mintSpace),
        programId: P,
      }),
      ...(withheld ? [T.createInitializeTransferFeeConfigInstruction(mint.publicKey, A, A, 100, 1_000_000n, P)] : []),
      T.createInitializeMint2Instruction(mint.publicKey, 0, A, A, P),
    ],
    [authority, mint],
  );
  const account = T.getAssociatedTokenAddressSync(mint.publicKey, owner.publicKey, false, P);
  sendLocal(
    net.chain,
    [T.createAssociatedTokenAccountIdempotentInstruction(A, account, owner.publicKey, mint.publicKey, P)],
    [authority],
  );
  if (withheld) {
    // Receive 1000 with a 1 % fee withheld in the account, then send the 990 back: empty, fees withheld.
    const source = T.getAssociatedTokenAddressSync(mint.publicKey, A, false, P);
    sendLocal(
      net.chain,
      [
        T.createAssociatedTokenAccountIdempotentInstruction(A, source, A, mint.publicKey, P),
        T.createMintToInstruction(mint.publicKey, source, A, 1000n, [], P),
        T.createTransferCheckedWithFeeInstruction(source, mint.publicKey, account, A, 1000n, 0, 10n, [], P),
      ],
      [authority],
    );
    sendLocal(
      net.chain,
      [
        T.createTransferCheckedWithFeeInstruction(
          account,
          mint.publicKey,
          source,
          owner.publicKey,
          990n,
          0,
          10n,
          [],
          P,
        ),
      ],
      [authority, owner],
    );
  }
  if (amount > 0n)
    sendLocal(net.chain, [T.createMintToInstruction(mint.publicKey, account, A, amount, [], P)], [authority]);
  sendLocal(net.chain, [T.createFreezeAccountInstruction(account, mint.publicKey, A, [], P)], [authority]);
  const state = T.unpackAccount(
    account,
    {
      ...net.chain.getAccount(account.toBase58())!,
      data: Buffer.from(net.chain.getAccount(account.toBase58())!.data),
      owner: P,
      lamports: lamports(account),
    },
    P,
  );
  expect(state.isFrozen).toBe(true);
  return { owner, mint: mint.publicKey, account, program };
}

const rpc = () => createRpcClient(localTransport((b) => net.handleRpc(b)));

describe.each([
  ['SPL Token', TOKEN_PROGRAM],
  ['Token-2022', TOKEN_2022_PROGRAM],
])('a frozen %s account', (_name, program) => {
  afterEach(() => net.rent.set(6960));

  it('empty: the owner closes it and gets all its lamports; the scan lists it as vacant', async () => {
    const f = frozenAccount(program, 0n);
    const held = lamports(f.account);
    const { vacant, skipped } = classifyVacant(
      await scanTokenAccounts(rpc(), f.owner.publicKey.toBase58()),
      f.owner.publicKey.toBase58(),
    );
    expect(vacant.map((v) => v.address)).toEqual([f.account.toBase58()]);
    expect(skipped).toEqual([]);
    const before = lamports(f.owner.publicKey);
    expect(
      trySend(closeVacantIxs({ owner: f.owner.publicKey, account: f.account, programId: program }), [f.owner]),
    ).toBeNull();
    expect(net.chain.getAccount(f.account.toBase58())).toBeNull();
    expect(lamports(f.owner.publicKey) - before).toBe(held - 5000);
  });

  it('holding tokens: burning is refused (AccountFrozen), its surplus is withdrawn to the owner', async () => {
    const f = frozenAccount(program, 7n);
    const owner = f.owner.publicKey.toBase58();
    const { vacant, skipped } = classifyVacant(await scanTokenAccounts(rpc(), owner), owner);
    expect(vacant).toEqual([]); // holding tokens: not vacant (and not reported: burning is the burn flows' business)
    expect(skipped).toEqual([]);
    const burn = T.createBurnCheckedInstruction(
      f.account,
      f.mint,
      f.owner.publicKey,
      7n,
      0,
      [],
      new PublicKey(program),
    );
    expect(trySend([burn], [f.owner])).toMatch(/Custom":17|0x11/);
    const held = lamports(f.account);
    net.rent.set(5080);
    const minimum = net.chain.rent(net.chain.getAccount(f.account.toBase58())!.data.length);
    const before = lamports(f.owner.publicKey);
    expect(
      trySend(
        [withdrawExcessLamportsIx({ source: f.account, authority: f.owner.publicKey, programId: program })],
        [f.owner],
      ),
    ).toBeNull();
    expect(lamports(f.account)).toBe(minimum);
    expect(lamports(f.owner.publicKey) - before).toBe(held - minimum - 5000);
    const data = Buffer.from(net.chain.getAccount(f.account.toBase58())!.data);
    expect(data.readBigUInt64LE(64)).toBe(7n); // the token amount is untouched
  });
});

it('a delegated empty account (both programs): the owner closes it; the scan lists it as vacant', async () => {
  for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM]) {
    const f = frozenAccount(program, 0n);
    const P = new PublicKey(program);
    sendLocal(net.chain, [T.createThawAccountInstruction(f.account, f.mint, authority.publicKey, [], P)], [authority]);
    const delegate = Keypair.generate().publicKey;
    sendLocal(
      net.chain,
      [T.createApproveInstruction(f.account, delegate, f.owner.publicKey, 5n, [], P)],
      [authority, f.owner],
    );
    const owner = f.owner.publicKey.toBase58();
    const { vacant } = classifyVacant(await scanTokenAccounts(rpc(), owner), owner);
    expect(vacant.map((v) => v.address)).toEqual([f.account.toBase58()]);
    expect(trySend(closeVacantIxs({ owner, account: f.account, programId: program }), [f.owner])).toBeNull();
    expect(net.chain.getAccount(f.account.toBase58())).toBeNull();
  }
});

it('a frozen empty Token-2022 account with withheld fees: harvested to the mint, then closed', async () => {
  const f = frozenAccount(TOKEN_2022_PROGRAM, 0n, true);
  const owner = f.owner.publicKey.toBase58();
  const { vacant } = classifyVacant(await scanTokenAccounts(rpc(), owner), owner);
  expect(vacant).toEqual([
    expect.objectContaining({ address: f.account.toBase58(), harvestFirst: true, withheldAmount: '10' }),
  ]);
  const ixs = closeVacantIxs({
    owner,
    account: f.account,
    programId: TOKEN_2022_PROGRAM,
    mint: f.mint,
    hasWithheldFees: true,
  });
  expect(trySend(ixs, [f.owner])).toBeNull();
  expect(net.chain.getAccount(f.account.toBase58())).toBeNull();
});

it('LOCALNET_LAMPORTS_PER_BYTE persists in DATA_DIR', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-rent-'));
  const k = () => Keypair.generate().publicKey.toBase58();
  const opts = { dataDir: dir, delegate: k(), trashWallet: k(), feeWallet: k(), slotMs: 0 };
  const first = await createLocalnet({ ...opts, lamportsPerByte: 2575, defaultLamportsPerByte: 5080 });
  expect(first.chain.rent(165)).toBe((165 + 128) * 2575);
  await first.close();
  const second = await createLocalnet({ ...opts, defaultLamportsPerByte: 5080 }); // setting unset: the saved value
  expect(second.chain.rent(165)).toBe((165 + 128) * 2575);
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'localnet', 'state.json'), 'utf8')).lamportsPerByte).toBe(2575);
  await second.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
