/** @jest-environment node */
// src/chain builders against the embedded local chain: real SPL programs, emulated Token Metadata and Bubblegum.
import { Keypair, Transaction } from '@solana/web3.js';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { cnftAssetIdOf, cnftTransferIx } from '../../../src/chain/cnft';
import { leafFor } from '../../../src/chain/cnftTransactions';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { feeTransferIxs } from '../../../src/chain/feeTransfer';
import { serviceFee } from '../../../src/chain/fees';
import { checkTransaction, checkTransactions } from '../../../src/chain/guard';
import { nftBurnV1Ix } from '../../../src/chain/nftBurn';
import { packTransactions } from '../../../src/chain/pack';
import { closeVacantIxs } from '../../../src/chain/tokenInstructions';
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from '../../../src/common/addresses';

let ln: Localnet;
const owner = Keypair.generate();
const ownerAddress = owner.publicKey.toBase58();
let manifest: Awaited<ReturnType<Localnet['fund']>>;

async function rpc<T = any>(method: string, params: unknown): Promise<T> {
  const answer = (await ln.handleRpc({ jsonrpc: '2.0', id: 1, method, params })) as {
    result?: T;
    error?: { message: string };
  };
  if (answer.error) throw new Error(answer.error.message);
  return answer.result as T;
}

async function send(tx: Transaction): Promise<{ err: unknown }> {
  tx.recentBlockhash = (await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])).value.blockhash;
  tx.feePayer = owner.publicKey;
  tx.sign(owner);
  const signature = await rpc<string>('sendTransaction', [
    tx.serialize().toString('base64'),
    { encoding: 'base64', skipPreflight: true },
  ]);
  const status = await rpc<{ value: ({ err: unknown } | null)[] }>('getSignatureStatuses', [[signature]]);
  return { err: status.value[0]?.err ?? null };
}

const balance = async (a: string) => BigInt((await rpc<{ value: number }>('getBalance', [a])).value);
const exists = async (a: string) =>
  (await rpc<{ value: unknown }>('getAccountInfo', [a, { encoding: 'base64' }])).value !== null;

beforeAll(async () => {
  ln = await createLocalnet({
    delegate: Keypair.generate().publicKey.toBase58(),
    trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
    feeWallet: LOCAL_DEFAULT_FEE_WALLET,
    slotMs: 0,
  });
  manifest = await ln.fund(ownerAddress);
  // A fee below the rent-exempt minimum (890 880 lamports) fails against a wallet that does not exist yet.
  await rpc('requestAirdrop', [LOCAL_DEFAULT_FEE_WALLET, 1_000_000_000]);
});
afterAll(async () => ln?.close());

it('closes every funded empty account (harvesting withheld fees) with the fee, packed and guarded', async () => {
  const accounts = manifest.emptyAccounts;
  expect(accounts.length).toBeGreaterThan(0);
  const groups = accounts.map((a) =>
    closeVacantIxs({
      owner: ownerAddress,
      account: a.account,
      mint: a.mint,
      programId: a.program,
      hasWithheldFees: !!a.withheld && a.withheld !== '0',
    }),
  );
  const rentOf = (idx: number[]) => idx.reduce((s, i) => s + accounts[i].lamports, 0);
  const packed = packTransactions({
    payer: ownerAddress,
    recentBlockhash: (await rpc<{ value: { blockhash: string } }>('getLatestBlockhash', [])).value.blockhash,
    groups,
    prefix: () => computeBudgetIxs(200_000, 1),
    suffix: (idx) => feeTransferIxs(ownerAddress, LOCAL_DEFAULT_FEE_WALLET, serviceFee(rentOf(idx))),
  });
  const intent = {
    owner: ownerAddress,
    kind: 'closeVacant' as const,
    allowedAccounts: accounts.map((a) => a.account),
    feeWallet: LOCAL_DEFAULT_FEE_WALLET,
    maxFeeLamports: packed.reduce((s, p) => s + serviceFee(rentOf(p.groupIndexes)), 0),
  };
  expect(
    checkTransactions(
      packed.map((p) => p.transaction),
      intent,
    ),
  ).toEqual({ ok: true });
  for (const p of packed) expect(await send(p.transaction)).toEqual({ err: null });
  for (const a of accounts) expect(await exists(a.account)).toBe(false);
});

it('burns an NFT in full with burnV1 (token account, metadata and edition closed)', async () => {
  const nft = manifest.nfts[0] as { mint: string; tokenAccount: string; metadata: string; edition: string };
  const collection = manifest.collection as { mint: string };
  const reclaimed = (await Promise.all([nft.tokenAccount, nft.metadata, nft.edition].map(balance))).reduce(
    (a, b) => a + b,
    0n,
  );
  expect(reclaimed).toBe(10_509_600n);
  const before = await balance(ownerAddress);
  const tx = new Transaction({ feePayer: owner.publicKey }).add(
    ...computeBudgetIxs(200_000, 1),
    nftBurnV1Ix({
      owner: ownerAddress,
      mint: nft.mint,
      tokenAccount: nft.tokenAccount,
      verifiedCollectionMint: collection.mint,
    }),
  );
  expect(
    checkTransaction(tx, { owner: ownerAddress, kind: 'burnNfts', allowedAccounts: [nft.mint, nft.tokenAccount] }),
  ).toEqual({ ok: true });
  expect(await send(tx)).toEqual({ err: null });
  for (const a of [nft.tokenAccount, nft.metadata, nft.edition]) expect(await exists(a)).toBe(false);
  // the mint's rent stays with the mint (it cannot be closed); the owner gets the rest minus fees
  expect((await balance(ownerAddress)) - before).toBe(reclaimed - 5000n - 1n);
});

it('moves a cNFT to the trash wallet with the DAS proof', async () => {
  const cnft = (manifest.cnfts as { assetId: string; delegate: string | null }[]).find((c) => !c.delegate)!;
  const [asset, proof] = await Promise.all([
    rpc('getAsset', { id: cnft.assetId }),
    rpc('getAssetProof', { id: cnft.assetId }),
  ]);
  const leaf = leafFor(asset, proof);
  expect(cnftAssetIdOf(leaf)).toBe(cnft.assetId);
  const tx = new Transaction({ feePayer: owner.publicKey }).add(
    ...computeBudgetIxs(400_000, 1),
    cnftTransferIx(leaf, LOCAL_DEFAULT_TRASH_WALLET),
  );
  expect(
    checkTransaction(tx, {
      owner: ownerAddress,
      kind: 'trashCnft',
      allowedAccounts: [cnft.assetId],
      trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
    }),
  ).toEqual({ ok: true });
  expect(await send(tx)).toEqual({ err: null });
  const after = await rpc<{ ownership: { owner: string } }>('getAsset', { id: cnft.assetId });
  expect(after.ownership.owner).toBe(LOCAL_DEFAULT_TRASH_WALLET);
});
