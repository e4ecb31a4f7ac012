// Where Token Metadata is not on the cluster (a case the local chain cannot show: it has the program), an NFT is
// burned with SPL burn + close and only the token account's rent is counted. The connection here stands in for
// such a cluster; everything else is the real code.
import { TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { type AccountInfo, Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../../../src/common/addresses';
import { nftBurnIxs, readNftBurns } from '../../../src/chain/nftBurnPlan';
import { encodeMetadata } from '../../../backend/localnet/metaplex/accounts';
import { tokenAccountData } from '../../support/tokenAccountData';

const owner = Keypair.generate().publicKey;
const mint = Keypair.generate().publicKey;
const tokenAccount = Keypair.generate().publicKey;

function tokenAccountInfo(amount: bigint, holder = owner): AccountInfo<Buffer> {
  const data = tokenAccountData({ mint, owner: holder, amount });
  return { data, owner: TOKEN_PROGRAM_ID, lamports: 2_039_280, executable: false };
}
const metaplexOwned = (lamports: number, data = Buffer.alloc(1)): AccountInfo<Buffer> => ({
  data,
  owner: new PublicKey(TOKEN_METADATA_PROGRAM),
  lamports,
  executable: false,
});
// A real 679-byte NonFungible metadata account (mpl-token-metadata's serializer), so the burn knows its token standard.
const metadata = Buffer.from(
  encodeMetadata({ mint: mint.toBase58(), updateAuthority: owner.toBase58(), name: 'n', symbol: '', uri: '' }),
);

const cluster = (program: boolean, token: AccountInfo<Buffer> | null) => ({
  getMultipleAccountsInfo: async () => [
    program ? { data: Buffer.alloc(0), owner: PublicKey.default, lamports: 1, executable: true } : null,
    token,
    metaplexOwned(5_616_720, metadata),
    metaplexOwned(2_853_600),
    null,
  ],
  // The rent minimum of the metadata account (what closing it returns): (1 + 128) × 6960 for this 1-byte stand-in.
  getMinimumBalanceForRentExemption: async (bytes: number) => (bytes + 128) * 6960,
  getProgramAccounts: (async () => []) as never,
  getTokenLargestAccounts: (async () => ({ context: { slot: 0 }, value: [] })) as never,
  getAccountInfo: async () => null,
});
const item = { mint: mint.toBase58(), tokenAccount: tokenAccount.toBase58(), name: 'n' };

test('without Token Metadata on the cluster: SPL burn + close, token account rent only', async () => {
  const { planned } = await readNftBurns(cluster(false, tokenAccountInfo(1n)), owner.toBase58(), [item]);
  expect(planned[0]).toMatchObject({ full: false, rentLamports: 2_039_280 });
  const ixs = nftBurnIxs(owner.toBase58(), planned[0]);
  expect(ixs.map((ix) => ix.programId.toBase58())).toEqual([TOKEN_PROGRAM_ID.toBase58(), TOKEN_PROGRAM_ID.toBase58()]);
  expect(ixs.map((ix) => ix.data[0])).toEqual([15, 9]); // burnChecked, closeAccount
});

test('with it: burnV1, and token + metadata + edition rent', async () => {
  const { planned } = await readNftBurns(cluster(true, tokenAccountInfo(1n)), owner.toBase58(), [item]);
  expect(planned[0]).toMatchObject({ full: true, rentLamports: 2_039_280 + 5_616_720 + 2_853_600 });
  expect(nftBurnIxs(owner.toBase58(), planned[0])[0].programId.toBase58()).toBe(TOKEN_METADATA_PROGRAM);
});

test('skips what the owner cannot burn', async () => {
  const stranger = Keypair.generate().publicKey;
  expect(
    (await readNftBurns(cluster(true, tokenAccountInfo(1n, stranger)), owner.toBase58(), [item])).skipped[0].reason,
  ).toMatch(/not owned/);
  expect((await readNftBurns(cluster(true, tokenAccountInfo(0n)), owner.toBase58(), [item])).skipped[0].reason).toMatch(
    /single-unit/,
  );
  expect((await readNftBurns(cluster(true, null), owner.toBase58(), [item])).skipped[0].reason).toMatch(/not found/);
});
