// SOL back per wallet on the `demo` profile (PRODUCT difference 12): two identical demo wallets, one recovered SolBack's way (every
// NFT kind burned fully through POST /api/batch-burn-nft — NFTs, pNFTs, print, Token-2022 NFT, Core — then the vacant
// closes), one the spec's way (SPL burn + close of each NFT's token account where the token program allows it, then
// the same vacant closes). Gross = owner delta + network fees + service fees, read from balances; also per kind.
import { Keypair, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { nftSplBurnIxs } from '../src/chain/nftBurn';
import { packTransactions } from '../src/chain/pack';
import { closeAccountIx, harvestWithheldToMintIx } from '../src/chain/tokenInstructions';
import { type Bench, fund, lamportsOf, post, signAndSend, sum } from './support';

export interface KindBack {
  kind: string;
  count: number;
  solBackGross: number;
  specGross: number;
}
export interface PerWalletResult {
  solBackGross: number;
  specGross: number;
  ratio: number;
  perKind: KindBack[];
  vacantGross: number;
}

type Item = { mint: string; tokenAccount?: string; name: string; program?: string };

/** The demo wallet's NFTs by kind, as the funding manifest names them. */
function itemsByKind(m: any): Record<string, Item[]> {
  const k = m.kinds;
  const tok = (n: any, program?: string) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name, program });
  return {
    nft: [m.collection, ...m.nfts].map((n) => tok(n)),
    pnft: k.pnfts.map((n: any) => tok(n)),
    print: k.printEditions.map((n: any) => tok(n)),
    token2022Nft: k.token2022Nfts.map((n: any) => tok(n, n.tokenProgram)),
    core: k.coreAssets.map((c: any) => ({ mint: c.asset, name: c.name })),
  };
}

async function gross(b: Bench, owner: Keypair, run: () => Promise<number>): Promise<number> {
  const fee = b.server.app.config.feeWallet;
  const [o0, f0] = await lamportsOf(b, [owner.publicKey.toBase58(), fee]);
  const network = await run();
  const [o1, f1] = await lamportsOf(b, [owner.publicKey.toBase58(), fee]);
  return o1 - o0 + network + (f1 - f0);
}

async function sendPacked(b: Bench, owner: Keypair, groups: TransactionInstruction[][]): Promise<number> {
  if (groups.length === 0) return 0;
  const { blockhash } = await b.connection.getLatestBlockhash('confirmed');
  let fees = 0;
  for (const p of packTransactions({ payer: owner.publicKey, recentBlockhash: blockhash, groups }))
    fees += (await signAndSend(b, p.transaction, owner)).fee;
  return fees;
}

/** The vacant closes both ways share: harvest withheld Token-2022 fees first where needed, then close. */
function vacantGroups(owner: string, m: any): TransactionInstruction[][] {
  return m.emptyAccounts.map((a: { account: string; mint: string; program: string; withheld?: string }) => [
    ...(a.withheld && a.withheld !== '0' ? [harvestWithheldToMintIx(a.mint, [a.account])] : []),
    closeAccountIx({ owner, account: a.account, programId: a.program }),
  ]);
}

export async function measurePerWallet(b: Bench): Promise<PerWalletResult> {
  const ours = Keypair.generate();
  const spec = Keypair.generate();
  const [a, c] = [await fund(b, ours.publicKey.toBase58(), 'demo'), await fund(b, spec.publicKey.toBase58(), 'demo')];
  const oursKinds = itemsByKind(a.manifest);
  const specKinds = itemsByKind(c.manifest);
  const perKind: KindBack[] = [];
  for (const kind of Object.keys(oursKinds)) {
    const items = oursKinds[kind];
    const solBackGross = await gross(b, ours, async () => {
      const res = await post(b, 'batch-burn-nft', {
        owner: ours.publicKey.toBase58(),
        nfts: items.map(({ program: _p, ...i }) => i),
      });
      if (!res.success || res.skipped.length)
        throw new Error(`batch-burn-nft ${kind}: ${res.error ?? JSON.stringify(res.skipped)}`);
      let fees = 0;
      for (const t of res.transactions as string[])
        fees += (await signAndSend(b, Transaction.from(Buffer.from(t, 'base64')), ours)).fee;
      return fees;
    });
    // The spec's way: SPL burn + close of the token account; a pNFT's is frozen and a Core asset has none — nothing back.
    const burnable = kind === 'pnft' || kind === 'core' ? [] : specKinds[kind];
    const specGross = await gross(b, spec, () =>
      sendPacked(
        b,
        spec,
        burnable.map((n) =>
          nftSplBurnIxs({ owner: spec.publicKey.toBase58(), mint: n.mint, tokenAccount: n.tokenAccount! }, n.program),
        ),
      ),
    );
    perKind.push({ kind, count: items.length, solBackGross, specGross });
  }
  const vacantOurs = await gross(b, ours, () =>
    sendPacked(b, ours, vacantGroups(ours.publicKey.toBase58(), a.manifest)),
  );
  const vacantSpec = await gross(b, spec, () =>
    sendPacked(b, spec, vacantGroups(spec.publicKey.toBase58(), c.manifest)),
  );
  if (vacantOurs !== vacantSpec) throw new Error(`vacant closes differ: ${vacantOurs} vs ${vacantSpec}`);
  const solBackGross = sum(perKind.map((k) => k.solBackGross)) + vacantOurs;
  const specGross = sum(perKind.map((k) => k.specGross)) + vacantSpec;
  return { solBackGross, specGross, ratio: solBackGross / specGross, perKind, vacantGross: vacantOurs };
}
