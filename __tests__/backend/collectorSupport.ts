// What the `collector` profile's backend tests share (docs/PRODUCT.md, "Every state of an NFT or cNFT"): a fresh owner
// funded with the profile over real HTTP, exact lamport reads, the return of a Token Metadata burn, the page's
// listing and rent estimate, and landing a server-built plan with the fees the runtime charged.
import { type Connection, Keypair, PublicKey, Transaction } from '@solana/web3.js';
import type { CollectorManifest, KindsManifest } from '../../backend/localnet/metaplex';
import { networkFee } from '../support/networkFee';
import type { LocalChainServer } from './localChainServer';

type Item = { mint: string; tokenAccount: string; name: string };

export function collectorHelpers(server: () => LocalChainServer) {
  const connection = (): Connection => server().connection;
  const lamports = async (a: string) =>
    (await connection().getAccountInfo(new PublicKey(a), 'confirmed'))?.lamports ?? 0;
  return {
    lamports,
    /** A fresh owner funded with the collector profile. */
    async collector(): Promise<{
      owner: Keypair;
      o: string;
      states: CollectorManifest;
      kinds: KindsManifest;
      nfts: Item[];
    }> {
      const owner = Keypair.generate();
      const o = owner.publicKey.toBase58();
      const { status, body } = await server().api('localnet/fund', { owner: o, profile: 'collector' });
      expect(status).toBe(200);
      expect(body.manifest.profile).toBe('collector');
      return { owner, o, states: body.manifest.states, kinds: body.manifest.kinds, nfts: body.manifest.nfts };
    },
    /** What burnV1 returns for a print or plain NFT: token account and edition whole, the metadata's rent minimum. */
    async burnReturn(n: { tokenAccount: string; metadata: string; edition: string }): Promise<number> {
      const meta = await connection().getAccountInfo(new PublicKey(n.metadata), 'confirmed');
      const metaRent = await connection().getMinimumBalanceForRentExemption(meta!.data.length);
      return (await lamports(n.tokenAccount)) + (await lamports(n.edition)) + Math.min(meta!.lamports, metaRent);
    },
    /** Signs and lands every transaction of a plan; the network fees the runtime charged. */
    async land(owner: Keypair, transactions: string[]): Promise<number> {
      let fees = 0;
      for (const b64 of transactions) {
        const tx = Transaction.from(Buffer.from(b64, 'base64'));
        tx.partialSign(owner);
        await connection().confirmTransaction(await connection().sendRawTransaction(tx.serialize()), 'confirmed');
        fees += networkFee(tx);
      }
      return fees;
    },
    /** The NFT cards of the page's listing, by mint (or Core asset). */
    async cards(o: string): Promise<(mint: string) => { blocked?: string } | undefined> {
      const listing = (await server().get(`/api/helius/wallet/nfts/${o}`)).json.data.regularNfts;
      return (mint) => listing.find((n: { mint: string }) => n.mint === mint);
    },
    /** The rent estimate's per-NFT figures (the accurate calculator). */
    async nftRents(o: string): Promise<Record<string, number>> {
      return (await server().get(`/api/rent-estimate/${o}?useAccurateCalculator=true`)).json.data.nftRentsLamports;
    },
  };
}

export const burnItem = (n: Item) => ({ mint: n.mint, tokenAccount: n.tokenAccount, name: n.name });
