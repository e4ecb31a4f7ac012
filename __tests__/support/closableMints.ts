// The mints an owner can close whole, read from the chain with @solana/spl-token's own decoding (never the app's):
// a Token-2022 mint whose MintCloseAuthority names the owner and of which nothing is minted (token-2022
// processor.rs, process_close_account). "More SOL in your wallet" closes these; the surplus flow leaves them alone.
import { TOKEN_2022_PROGRAM_ID, getMintCloseAuthority, unpackMint } from '@solana/spl-token';
import { type Connection, PublicKey } from '@solana/web3.js';

export async function mintsClosableBy(connection: Connection, owner: PublicKey, mints: string[]): Promise<string[]> {
  const infos = await connection.getMultipleAccountsInfo(mints.map((m) => new PublicKey(m)));
  return mints.filter((address, i) => {
    const info = infos[i];
    if (!info || !info.owner.equals(TOKEN_2022_PROGRAM_ID)) return false;
    const mint = unpackMint(new PublicKey(address), info, TOKEN_2022_PROGRAM_ID);
    return mint.supply === 0n && getMintCloseAuthority(mint)?.closeAuthority.equals(owner) === true;
  });
}
