import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { EmulatedProgramError, type ProgramEmulator } from '../../../backend/localnet/emulated/types';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

// A toy emulated program: instruction data [1] writes "hello" into the (pre-existing) account at index 0,
// [0] refuses with custom error 7. It requires the account's owner key (index 1) to sign.
const TOY = Keypair.generate().publicKey.toBase58();

describe('emulated programs', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  const payer = Keypair.generate();
  const target = Keypair.generate().publicKey;
  const other = Keypair.generate().publicKey;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    const toy: ProgramEmulator = {
      programId: TOY,
      prepare(ix, { chain, signers }) {
        if (!signers.has(ix.accounts[1].pubkey)) throw new EmulatedProgramError(1, 'owner must sign');
        if (ix.data[0] !== 1) throw new EmulatedProgramError(7, 'refused');
        const acc = chain.getAccount(ix.accounts[0].pubkey)!;
        return () =>
          chain.setAccount(ix.accounts[0].pubkey, { ...acc, data: Buffer.from('hello'), lamports: acc.lamports });
      },
    };
    localnet.chain.registerEmulator(toy);
    rpc = await startRpcServer(localnet);
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    localnet.chain.setAccount(target.toBase58(), { lamports: 10_000_000n, data: new Uint8Array(5), owner: TOY });
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  const toyTx = async (data: number, extraTransfer = 0) => {
    const { blockhash } = await rpc.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash });
    if (extraTransfer)
      tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other, lamports: extraTransfer }));
    tx.add(
      new TransactionInstruction({
        programId: new PublicKey(TOY),
        data: Buffer.from([data]),
        keys: [
          { pubkey: target, isSigner: false, isWritable: true },
          { pubkey: payer.publicKey, isSigner: true, isWritable: true },
        ],
      }),
    );
    tx.sign(payer);
    return tx.serialize();
  };

  it('a throwing prepare fails the transaction with InstructionError Custom and applies nothing', async () => {
    const raw = await toyTx(0, 1_000_000);
    await expect(rpc.connection.sendRawTransaction(raw)).rejects.toThrow(/custom program error: 0x7/);
    const sim = await rpc.connection.simulateTransaction(new Transaction().add(...Transaction.from(raw).instructions), [
      payer,
    ]);
    expect(sim.value.err).toEqual({ InstructionError: [1, { Custom: 7 }] });
    expect(await rpc.connection.getBalance(other)).toBe(0);
    expect(Buffer.from(localnet.chain.getAccount(target.toBase58())!.data).toString()).toBe('\0\0\0\0\0');
  });

  it('a succeeding instruction runs the real ones in LiteSVM and applies the emulated change afterwards', async () => {
    const raw = await toyTx(1, 1_000_000);
    const sim = await rpc.connection.simulateTransaction(Transaction.from(raw));
    expect(sim.value.err).toBeNull();
    expect(Buffer.from(localnet.chain.getAccount(target.toBase58())!.data).toString()).toBe('\0\0\0\0\0'); // not on simulate
    const signature = await rpc.connection.sendRawTransaction(raw);
    const bh = await rpc.connection.getLatestBlockhash();
    expect((await rpc.connection.confirmTransaction({ signature, ...bh })).value.err).toBeNull();
    expect(await rpc.connection.getBalance(other)).toBe(1_000_000);
    expect(Buffer.from(localnet.chain.getAccount(target.toBase58())!.data).toString()).toBe('hello');
  });

  it('a refused transaction sent without preflight lands as failed: fee charged, status err, resend refused', async () => {
    const raw = await toyTx(0);
    const before = await rpc.connection.getBalance(payer.publicKey);
    const signature = await rpc.connection.sendRawTransaction(raw, { skipPreflight: true });
    const bh = await rpc.connection.getLatestBlockhash();
    expect((await rpc.connection.confirmTransaction({ signature, ...bh })).value.err).toEqual({
      InstructionError: [0, { Custom: 7 }],
    });
    expect(await rpc.connection.getBalance(payer.publicKey)).toBe(before - 5000);
    await expect(rpc.connection.sendRawTransaction(raw)).rejects.toThrow(/already been processed/);
  });

  it('does not apply the change when another instruction of the transaction fails', async () => {
    localnet.chain.setAccount(target.toBase58(), { lamports: 10_000_000n, data: new Uint8Array(5), owner: TOY });
    const raw = await toyTx(1, 10 * LAMPORTS_PER_SOL); // the transfer fails: insufficient funds
    await expect(rpc.connection.sendRawTransaction(raw, { skipPreflight: true })).resolves.toBeTruthy();
    expect(Buffer.from(localnet.chain.getAccount(target.toBase58())!.data).toString()).toBe('\0\0\0\0\0');
  });
});
