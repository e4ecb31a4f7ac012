// SOL back per NFT burned, read from balances on the local chain: the app's full burn (Token Metadata burnV1, built
// by POST /api/batch-burn-nft: token account + metadata + master edition come back) against SPL burn + close (only
// the token account comes back). Gross = owner delta + network fee + service fee; net = what the wallet keeps.
import { Keypair, Transaction } from '@solana/web3.js';
import { nftSplBurnIxs } from '../src/chain/nftBurn';
import { type Bench, fund, lamportsOf, post, signAndSend } from './support';

export interface SolBackWay {
  nfts: number;
  grossPerNft: number;
  netPerNft: number;
  networkFeePerNft: number;
  serviceFeePerNft: number;
}
export interface SolBackResult {
  fullBurn: SolBackWay;
  splBurnClose: SolBackWay;
  ratio: number;
}

const PER_WAY = 2;

async function deltas(
  b: Bench,
  owner: Keypair,
  feeWallet: string,
  run: () => Promise<number>,
): Promise<{ owner: number; fee: number; network: number }> {
  const [ownerBefore, feeBefore] = await lamportsOf(b, [owner.publicKey.toBase58(), feeWallet]);
  const network = await run();
  const [ownerAfter, feeAfter] = await lamportsOf(b, [owner.publicKey.toBase58(), feeWallet]);
  return { owner: ownerAfter - ownerBefore, fee: feeAfter - feeBefore, network };
}

function way(n: number, d: { owner: number; fee: number; network: number }): SolBackWay {
  return {
    nfts: n,
    grossPerNft: (d.owner + d.network + d.fee) / n,
    netPerNft: d.owner / n,
    networkFeePerNft: d.network / n,
    serviceFeePerNft: d.fee / n,
  };
}

export async function measureSolBack(b: Bench): Promise<SolBackResult> {
  const owner = Keypair.generate();
  const address = owner.publicKey.toBase58();
  const { manifest } = await fund(b, address, 'demo');
  const nfts = manifest.nfts as { mint: string; tokenAccount: string; name: string }[];
  if (nfts.length < 2 * PER_WAY) throw new Error(`the demo profile has ${nfts.length} NFTs, need ${2 * PER_WAY}`);
  const feeWallet = b.server.app.config.feeWallet;

  const full = await deltas(b, owner, feeWallet, async () => {
    const items = nfts.slice(0, PER_WAY).map((n) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name }));
    const res = await post(b, 'batch-burn-nft', { owner: address, nfts: items });
    if (!res.success) throw new Error(`batch-burn-nft: ${res.error}`);
    if (!res.processedNFTs.every((p: { full: boolean }) => p.full))
      throw new Error('the server did not plan full burns');
    let fees = 0;
    for (const t of res.transactions as string[])
      fees += (await signAndSend(b, Transaction.from(Buffer.from(t, 'base64')), owner)).fee;
    return fees;
  });

  const spl = await deltas(b, owner, feeWallet, async () => {
    const tx = new Transaction({
      feePayer: owner.publicKey,
      recentBlockhash: (await b.connection.getLatestBlockhash('confirmed')).blockhash,
    });
    for (const n of nfts.slice(PER_WAY, 2 * PER_WAY))
      tx.add(...nftSplBurnIxs({ owner: address, mint: n.mint, tokenAccount: n.tokenAccount }));
    return (await signAndSend(b, tx, owner)).fee;
  });

  const fullBurn = way(PER_WAY, full);
  const splBurnClose = way(PER_WAY, spl);
  return { fullBurn, splBurnClose, ratio: fullBurn.grossPerNft / splBurnClose.grossPerNft };
}
