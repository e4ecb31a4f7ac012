// A Token-2022 mint whose metadata-pointer extension names another account, made by the real Token-2022 program in
// LiteSVM; the server's mint reader finds its name there, whether the node answers the mint jsonParsed (the local
// chain, agave) or as raw bytes (a node without the parser).
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { pack as packTokenMetadata } from '@solana/spl-token-metadata';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { createRpcClient, httpTransport, localTransport } from '../../../backend/services/rpc/rpc';
import { fetchMintInfos } from '../../../backend/services/assets/tokenMetadata';
import { recordedAnswers, startReplayUpstream } from '../../support/replayUpstream';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};
const P22 = T.TOKEN_2022_PROGRAM_ID;

describe('Token-2022 metadata pointer to another account', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  const mint = Keypair.generate();
  const target = Keypair.generate().publicKey; // an account in the token-metadata interface layout
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    rpc = await startRpcServer(localnet);
    const payer = Keypair.generate();
    localnet.chain.airdrop(payer.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
    const space = T.getMintLen([T.ExtensionType.MetadataPointer]);
    await sendAndConfirmTransaction(
      rpc.connection,
      new Transaction().add(
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: mint.publicKey,
          space,
          lamports: await rpc.connection.getMinimumBalanceForRentExemption(space),
          programId: P22,
        }),
        T.createInitializeMetadataPointerInstruction(mint.publicKey, payer.publicKey, target, P22),
        T.createInitializeMint2Instruction(mint.publicKey, 6, payer.publicKey, null, P22),
      ),
      [payer, mint],
      { commitment: 'confirmed' },
    );
    const fields = packTokenMetadata({
      mint: mint.publicKey,
      name: 'Pointed Token',
      symbol: 'PTK',
      uri: 'https://example.org/ptk.json',
      additionalMetadata: [],
      updateAuthority: PublicKey.default,
    });
    const length = Buffer.alloc(4);
    length.writeUInt32LE(fields.length);
    const data = Buffer.concat([Buffer.alloc(8, 9), length, Buffer.from(fields)]);
    localnet.chain.setAccount(target.toBase58(), {
      lamports: 1_000_000n,
      data,
      owner: Keypair.generate().publicKey.toBase58(),
    });
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  it('reads the name from the pointed account (mint answered jsonParsed by the local chain)', async () => {
    const client = createRpcClient(localTransport((b) => localnet.handleRpc(b)));
    const info = (await fetchMintInfos(client, [mint.publicKey.toBase58()])).get(mint.publicKey.toBase58())!;
    expect(info).toMatchObject({
      name: 'Pointed Token',
      symbol: 'PTK',
      decimals: 6,
      metadataPointer: target.toBase58(),
    });
  });

  it('reads the same from raw bytes when a node answers base64 only', async () => {
    const raw = (key: string) => {
      const acc = localnet.chain.getAccount(key);
      return (
        acc && {
          data: [Buffer.from(acc.data).toString('base64'), 'base64'],
          owner: acc.owner,
          lamports: Number(acc.lamports),
        }
      );
    };
    const answers = recordedAnswers();
    answers.getMultipleAccounts = ([keys]: [string[]]) => ({ context: { slot: 1 }, value: keys.map(raw) });
    const up = await startReplayUpstream(answers);
    try {
      const info = (await fetchMintInfos(createRpcClient(httpTransport(up.url)), [mint.publicKey.toBase58()])).get(
        mint.publicKey.toBase58(),
      )!;
      expect(info).toMatchObject({
        name: 'Pointed Token',
        symbol: 'PTK',
        decimals: 6,
        metadataPointer: target.toBase58(),
      });
    } finally {
      await up.close();
    }
  });
});
