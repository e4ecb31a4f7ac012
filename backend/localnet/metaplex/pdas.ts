// Program-derived addresses of Token Metadata, Bubblegum and the associated token program.
import { PublicKey } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM, BUBBLEGUM_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from './constants';

const META = new PublicKey(TOKEN_METADATA_PROGRAM);
const BGUM = new PublicKey(BUBBLEGUM_PROGRAM);
const ATA = new PublicKey(ASSOCIATED_TOKEN_PROGRAM);

const pda = (seeds: Uint8Array[], program: PublicKey) => PublicKey.findProgramAddressSync(seeds, program)[0].toBase58();
const key = (a: string) => new PublicKey(a).toBytes();

// Deriving a PDA costs about a millisecond (hashing plus an off-curve check per bump): DAS answers for a wallet with
// a thousand mints would spend seconds on it, so the per-mint ones are remembered.
function memo(f: (mint: string) => string): (mint: string) => string {
  const cache = new Map<string, string>();
  return (mint) => {
    let v = cache.get(mint);
    if (v === undefined) cache.set(mint, (v = f(mint)));
    return v;
  };
}

export const metadataPda = memo((mint) => pda([Buffer.from('metadata'), META.toBytes(), key(mint)], META));
export const editionPda = memo((mint) =>
  pda([Buffer.from('metadata'), META.toBytes(), key(mint), Buffer.from('edition')], META),
);
export const treeConfigPda = (tree: string) => pda([key(tree)], BGUM);

export function associatedTokenAddress(owner: string, mint: string, tokenProgram = TOKEN_PROGRAM): string {
  return pda([key(owner), key(tokenProgram), key(mint)], ATA);
}

/** Bubblegum's asset id: PDA ['asset', tree, leaf index as u64 LE]. */
export function assetIdPda(tree: string, leafIndex: number): string {
  const idx = Buffer.alloc(8);
  idx.writeBigUInt64LE(BigInt(leafIndex));
  return pda([Buffer.from('asset'), key(tree), idx], BGUM);
}

/** pNFT token record: PDA ['metadata', program, mint, 'token_record', token account] (mpl-token-metadata pda.rs). */
export function tokenRecordPda(mint: string, token: string): string {
  return pda([Buffer.from('metadata'), META.toBytes(), key(mint), Buffer.from('token_record'), key(token)], META);
}

/** Edition marker of a print: PDA ['metadata', program, master mint, 'edition', str(edition / 248)]. */
export function editionMarkerPda(masterMint: string, edition: bigint): string {
  return pda(
    [
      Buffer.from('metadata'),
      META.toBytes(),
      key(masterMint),
      Buffer.from('edition'),
      Buffer.from((edition / 248n).toString()),
    ],
    META,
  );
}

/** Bubblegum's signer for mpl-core CPIs (state/mod.rs MPL_CORE_CPI_SIGNER_PREFIX). */
export const mplCoreCpiSignerPda = () => pda([Buffer.from('mpl_core_cpi_signer')], BGUM);
