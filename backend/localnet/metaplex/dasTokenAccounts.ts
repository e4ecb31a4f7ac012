// DAS getTokenAccounts on the local chain, answered from the chain's current token accounts in the shape the
// providers answer it (recorded: __tests__/fixtures/upstream/das/getTokenAccounts.json). Params as the Helius DAS
// reference and Metaplex's reference indexer (das_api `GetTokenAccounts`) name them: `mint` and/or `owner`, `page`,
// `limit`, `options.showZeroBalance` (alias `displayOptions`); empty accounts are left out unless asked for.
import { AccountLayout } from '@solana/spl-token';
import type { Chain } from '../chain';
import { isValidAddress } from '../decode';
import { RpcError } from '../txErrors';
import type { TokenIndex } from './tokenIndex';

type Params = Record<string, unknown> | undefined;

function optionalAddress(p: Params, name: string): string | undefined {
  const v = p?.[name];
  if (v === undefined) return undefined;
  if (!isValidAddress(v)) throw new RpcError(-32602, `Invalid params: ${name} must be a base58 address`);
  return v;
}

export function getTokenAccounts(chain: Chain, tokens: TokenIndex, p: Params, page: { page: number; limit: number }) {
  const mint = optionalAddress(p, 'mint');
  const owner = optionalAddress(p, 'owner');
  // The reference indexer's own text for a request naming neither.
  if (!mint && !owner) throw new RpcError(-32602, "Invalid params: Must provide either 'owner' or 'mint'");
  const options = (p?.options ?? p?.displayOptions) as { showZeroBalance?: boolean } | undefined;
  const found = (mint ? tokens.holdersOf(mint) : tokens.ownedBy(owner!))
    .filter((a) => (!owner || a.owner === owner) && (!mint || a.mint === mint))
    .filter((a) => a.amount > 0n || options?.showZeroBalance === true)
    .sort((a, b) => (a.address < b.address ? -1 : 1));
  const token_accounts = found.slice((page.page - 1) * page.limit, page.page * page.limit).map((a) => {
    const full = AccountLayout.decode(Buffer.from(chain.getAccount(a.address)!.data).subarray(0, AccountLayout.span));
    return {
      address: a.address,
      mint: a.mint,
      amount: Number(a.amount),
      owner: a.owner,
      frozen: a.state === 2,
      delegate: a.delegate,
      delegated_amount: Number(full.delegatedAmount),
      close_authority: full.closeAuthorityOption ? full.closeAuthority.toBase58() : null,
      extensions: null, // Token-2022 extensions are not decoded here: nothing of ours reads them
    };
  });
  return { total: token_accounts.length, limit: page.limit, page: page.page, token_accounts };
}
