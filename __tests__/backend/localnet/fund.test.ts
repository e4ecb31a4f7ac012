import { Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction, type ParsedAccountData } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { fetchDigitalAsset, mplTokenMetadata } from '@metaplex-foundation/mpl-token-metadata';
import { publicKey } from '@metaplex-foundation/umi';
import { createUmi } from '@metaplex-foundation/umi-bundle-defaults';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import type { FundManifest } from '../../../backend/localnet/fund/manifest';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

describe('fund(owner, "demo") through a stock Connection', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  const owner = Keypair.generate();
  let manifest: FundManifest;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    rpc = await startRpcServer(localnet);
    manifest = await localnet.fund(owner.publicKey.toBase58());
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  it('makes SPL and Token-2022 accounts that getParsedTokenAccountsByOwner lists', async () => {
    const spl = await rpc.connection.getParsedTokenAccountsByOwner(owner.publicKey, {
      programId: new PublicKey(TOKEN_PROGRAM),
    });
    const t22 = await rpc.connection.getParsedTokenAccountsByOwner(owner.publicKey, {
      programId: new PublicKey(TOKEN_2022_PROGRAM),
    });
    const all = [...spl.value, ...t22.value];
    for (const t of manifest.tokens) {
      const found = all.find((a) => a.pubkey.toBase58() === t.account);
      expect((found?.account.data as ParsedAccountData).parsed.info.tokenAmount.amount).toBe(t.amount);
    }
    expect(manifest.tokens).toHaveLength(6);
    expect(manifest.tokens.filter((t) => t.program === TOKEN_2022_PROGRAM)).toHaveLength(1);
    expect(BigInt(manifest.wrappedSol!.amount)).toBeGreaterThan(0n);
    const info = (a: string) => all.find((x) => x.pubkey.toBase58() === a)!.account.data.parsed.info;
    const withheld = manifest.emptyAccounts.find((e) => e.withheld)!;
    expect(info(withheld.account).tokenAmount.amount).toBe('0');
    const ext = info(withheld.account).extensions.find(
      (e: { extension: string }) => e.extension === 'transferFeeAmount',
    );
    expect(ext.state.withheldAmount).toBeGreaterThan(0);
    expect(String(ext.state.withheldAmount)).toBe(withheld.withheld);
    expect(manifest.emptyAccounts.filter((e) => e.program === TOKEN_PROGRAM)).toHaveLength(4);
    expect(manifest.emptyAccounts.filter((e) => e.program === TOKEN_2022_PROGRAM)).toHaveLength(2);
    expect(info(manifest.frozenAccounts[0].account).state).toBe('frozen');
    expect(info(manifest.wrappedSol!.account).isNative).toBe(true);
    expect(info(manifest.wrappedSol!.account).rentExemptReserve.amount).toBe('2039280');
  });

  it("confirms an owner-signed closeAccount and returns exactly the account's lamports minus the fee", async () => {
    const empty = manifest.emptyAccounts.find((e) => e.program === TOKEN_PROGRAM)!;
    expect(empty.lamports).toBe(2_039_280);
    const before = await rpc.connection.getBalance(owner.publicKey);
    const { blockhash, lastValidBlockHeight } = await rpc.connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(
      T.createCloseAccountInstruction(new PublicKey(empty.account), owner.publicKey, owner.publicKey),
    );
    tx.sign(owner);
    const signature = await rpc.connection.sendRawTransaction(tx.serialize());
    const res = await rpc.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    expect(res.value.err).toBeNull();
    expect(await rpc.connection.getBalance(owner.publicKey)).toBe(before + empty.lamports - 5000);
    expect(await rpc.connection.getAccountInfo(new PublicKey(empty.account))).toBeNull();
  });

  it("writes Token Metadata accounts that Metaplex's own Umi reader decodes over the RPC", async () => {
    const umi = createUmi(rpc.url).use(mplTokenMetadata());
    for (const t of manifest.tokens) {
      const asset = await fetchDigitalAsset(umi, publicKey(t.mint));
      expect([asset.metadata.name, asset.metadata.symbol, asset.metadata.uri]).toEqual([t.name, t.symbol, t.image]);
      expect(asset.mint.decimals).toBe(t.decimals);
    }
    expect(manifest.lamports).toBe(2 * LAMPORTS_PER_SOL);
  });

  it('funds the large profile (timed, no assertion on time)', async () => {
    const big = Keypair.generate().publicKey.toBase58();
    const t0 = Date.now();
    const m = await localnet.fund(big, 'large');
    console.log(
      `fund(owner, 'large') took ${Date.now() - t0} ms: ${m.tokens.length} tokens, ${m.emptyAccounts.length} empty, ${m.nfts.length} NFTs, ${m.cnfts.length} cNFTs`,
    );
    expect(m.tokens).toHaveLength(1000);
    expect(m.emptyAccounts).toHaveLength(200);
    const t1 = Date.now();
    const list = await rpc.connection.getTokenAccountsByOwner(new PublicKey(big), {
      programId: new PublicKey(TOKEN_PROGRAM),
    });
    console.log(`getTokenAccountsByOwner took ${Date.now() - t1} ms`);
    expect(list.value.length).toBeGreaterThanOrEqual(1200);
  }, 180_000);
});
