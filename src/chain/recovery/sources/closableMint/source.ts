// Token-2022 mints the wallet may close whole (src/chain/mintCloseAuthority.ts): its close authority is the wallet
// and nothing is minted. CloseAccount (instruction 9: mint, destination, close authority signer) returns the mint's
// whole balance, all of it rent, so the 1 % fee is on all of it. SPL Token mints cannot be closed: they keep the
// surplus source's withdrawal. Closing is final (the token can never be minted again), so it is never pre-ticked.
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM } from '../../../../common/addresses';
import { isClosableMintOf } from '../../../mintCloseAuthority';
import { mintsControlledBy } from '../../surplusMints';
import { at, type RecoverySource, type TokenRule } from '../../source';

const CLOSE_ACCOUNT_TAG = 9;
const CU_PER_CLOSE = 10_000; // Token-2022 unpacks the mint's extensions before it closes: more than a plain close

function closeMintIx(mint: string, owner: string): TransactionInstruction {
  const ownerKey = new PublicKey(owner);
  return new TransactionInstruction({
    programId: new PublicKey(TOKEN_2022_PROGRAM),
    keys: [
      { pubkey: new PublicKey(mint), isSigner: false, isWritable: true },
      { pubkey: ownerKey, isSigner: false, isWritable: true },
      { pubkey: ownerKey, isSigner: true, isWritable: false },
    ],
    data: Buffer.from([CLOSE_ACCOUNT_TAG]),
  });
}

/** The close goes to the owner, is signed by the owner, and names a mint the owner ticked. */
const checkCloseMint: TokenRule = (ix, { owner, allowed }) => {
  if (ix.programId !== TOKEN_2022_PROGRAM) return 'a mint close outside Token-2022';
  if (ix.data.length !== 1 || ix.accounts.length !== 3) return 'mint close of an unexpected shape';
  if (at(ix, 1) !== owner) return `mint close pays ${at(ix, 1)}, not the owner`;
  if (at(ix, 2) !== owner || !ix.accounts[2]?.isSigner) return 'mint close signed by someone other than the owner';
  return allowed.has(at(ix, 0)) ? null : `close of an account not selected: ${at(ix, 0)}`;
};

export type ClosableMintDetail = { about: 'closableMint' };

export const closableMintSource: RecoverySource<'closableMint', ClosableMintDetail> = {
  kind: 'closableMint',
  flow: 'recover',
  scanCalls:
    'getTokenAccountsByOwner (shared); getProgramAccounts(Token-2022, mint authority @4) within 4 s, else getMultipleAccounts of the wallet’s mints',
  async scan(ctx) {
    const walletMints = (await ctx.tokenAccounts()).map((a) => a.mint);
    const mints = await mintsControlledBy(ctx.rpc, ctx.owner, walletMints);
    const seen = new Set<string>();
    return mints.flatMap((m) => {
      if (m.programId !== TOKEN_2022_PROGRAM || seen.has(m.address) || !isClosableMintOf(m.data, ctx.owner)) return [];
      seen.add(m.address);
      return [
        {
          kind: 'closableMint' as const,
          address: m.address,
          programId: m.programId,
          lamports: m.lamports,
          rentLamports: m.lamports,
          recoverableLamports: m.lamports,
          state: 'ready' as const,
          optIn: true,
          detail: { about: 'closableMint' as const },
        },
      ];
    });
  },
  plan(item, owner) {
    return {
      action: 'close',
      instructions: [closeMintIx(item.address, owner)],
      computeUnits: CU_PER_CLOSE,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: {},
  tokenRules: { [CLOSE_ACCOUNT_TAG]: checkCloseMint },
  chainRules: [
    {
      name: 'closable Token-2022 mint close',
      matches: (ix) => ix.programId === TOKEN_2022_PROGRAM && ix.data[0] === CLOSE_ACCOUNT_TAG && ix.data.length === 1,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts) {
        const mint = facts.account(at(ix, 0));
        if (!mint || mint.owner !== TOKEN_2022_PROGRAM) return `account ${at(ix, 0)} is not a Token-2022 account`;
        if (!isClosableMintOf(mint.data, facts.owner))
          return `mint ${at(ix, 0)} cannot be closed by the owner (close authority or supply)`;
        return mint.lamports;
      },
    },
  ],
};
