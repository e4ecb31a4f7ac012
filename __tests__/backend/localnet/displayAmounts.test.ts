// Token-2022 display amounts on the local chain, as agave 2.2+ parses them: mints made by the real Token-2022 program
// in LiteSVM with the scaled-UI-amount and interest-bearing extensions, read by a stock Connection (jsonParsed).
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { fixture } from '../../support/replayUpstream';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};
const P22 = T.TOKEN_2022_PROGRAM_ID;

describe('display amounts of Token-2022 extensions', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  let payer: Keypair;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    rpc = await startRpcServer(localnet);
    payer = Keypair.generate();
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(10 * LAMPORTS_PER_SOL));
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  async function mintWith(
    ext: T.ExtensionType,
    init: (mint: Keypair) => ReturnType<typeof T.createInitializeScaledUiAmountConfigInstruction>,
    decimals: number,
    amount: bigint,
  ) {
    const mint = Keypair.generate();
    const owner = Keypair.generate().publicKey;
    const space = T.getMintLen([ext]);
    const ata = T.getAssociatedTokenAddressSync(mint.publicKey, owner, false, P22);
    const tx = new Transaction().add(
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: mint.publicKey,
        space,
        lamports: await rpc.connection.getMinimumBalanceForRentExemption(space),
        programId: P22,
      }),
      init(mint),
      T.createInitializeMint2Instruction(mint.publicKey, decimals, payer.publicKey, null, P22),
      T.createAssociatedTokenAccountInstruction(payer.publicKey, ata, owner, mint.publicKey, P22),
      T.createMintToInstruction(mint.publicKey, ata, payer.publicKey, amount, [], P22),
    );
    await sendAndConfirmTransaction(rpc.connection, tx, [payer, mint], { commitment: 'confirmed' });
    return { mint, owner, ata };
  }

  it('applies the scaled-UI multiplier (the recorded AAPLx multiplier) to uiAmountString', async () => {
    const recorded = fixture('solana/getAccountInfo-aaplx-mint.json').response.value.data.parsed.info.extensions.find(
      (e: { extension: string }) => e.extension === 'scaledUiAmountConfig',
    ).state;
    const multiplier = Number(recorded.newMultiplier); // 1.0032690125398187, in force since 2026-08-08
    const { owner, ata } = await mintWith(
      T.ExtensionType.ScaledUiAmountConfig,
      (m) => T.createInitializeScaledUiAmountConfigInstruction(m.publicKey, payer.publicKey, multiplier, P22),
      8,
      1_234_567_890n,
    );
    const [account] = (await rpc.connection.getParsedTokenAccountsByOwner(owner, { programId: P22 })).value;
    const info = account.account.data.parsed.info;
    expect(account.pubkey.toBase58()).toBe(ata.toBase58());
    // 12.3456789 × 1.0032690125398187 = 12.386037079136675…, cut to the mint's 8 decimals.
    expect(info.tokenAmount).toEqual({
      amount: '1234567890',
      decimals: 8,
      uiAmount: 12.38603707,
      uiAmountString: '12.38603707',
    });
    expect((await rpc.connection.getTokenAccountBalance(ata)).value.uiAmountString).toBe('12.38603707');
  });

  it('applies continuously compounded interest since the rate was set (5 % a year for one year)', async () => {
    const { mint, owner } = await mintWith(
      T.ExtensionType.InterestBearingConfig,
      (m) => T.createInitializeInterestBearingMintInstruction(m.publicKey, payer.publicKey, 500, P22),
      2,
      100_000n,
    );
    // Move the rate's start one year (365.24 days, the program's year) into the past by rewriting its timestamps.
    const acc = localnet.chain.getAccount(mint.publicKey.toBase58())!;
    const m = T.unpackMint(
      mint.publicKey,
      { data: Buffer.from(acc.data), owner: P22, lamports: 1, executable: false },
      P22,
    );
    const state = T.getInterestBearingMintConfigState(m)!;
    // The layout decodes the i64 timestamps as numbers (its typings say bigint).
    const yearAgo = (Number(state.initializationTimestamp) - Math.round(365.24 * 24 * 3600)) as unknown as bigint;
    const bytes = Buffer.from(acc.data);
    const at = bytes.indexOf(encodeState(state));
    expect(at).toBeGreaterThan(0);
    bytes.set(encodeState({ ...state, initializationTimestamp: yearAgo, lastUpdateTimestamp: yearAgo }), at);
    localnet.chain.setAccount(mint.publicKey.toBase58(), {
      lamports: acc.lamports,
      data: bytes,
      owner: P22.toBase58(),
    });
    const [account] = (await rpc.connection.getParsedTokenAccountsByOwner(owner, { programId: P22 })).value;
    // 1000.00 × e^0.05 = 1051.2710963… → 1051.27 at the mint's 2 decimals.
    expect(account.account.data.parsed.info.tokenAmount).toEqual({
      amount: '100000',
      decimals: 2,
      uiAmount: 1051.27,
      uiAmountString: '1051.27',
    });
  });
});

function encodeState(s: T.InterestBearingMintConfigState): Buffer {
  const b = Buffer.alloc(T.INTEREST_BEARING_MINT_CONFIG_STATE_SIZE);
  T.InterestBearingMintConfigStateLayout.encode(s, b);
  return b;
}
