// getTokenLargestAccounts as agave answers it (rpc/src/rpc.rs, get_token_largest_accounts; Solana JSON-RPC
// reference, "getTokenLargestAccounts"): the mint's 20 largest token accounts, largest first, each an address with
// the token amount fields; a key that is no Token or Token-2022 mint answers -32602 "Invalid param: not a Token mint".
import type { Chain } from '../chain';
import type { TokenIndex } from '../metaplex/tokenIndex';
import { RpcError } from '../txErrors';
import { mintDecimalsReader, tokenAmountFor } from './accounts';
import { addressParam, asArray } from './params';
import { tokenAccountKind } from './tokenParse';

const NUM_LARGEST_ACCOUNTS = 20; // agave rpc.rs

export function tokenLargestAccounts(chain: Chain, tokens: TokenIndex, params: unknown) {
  const mint = addressParam(asArray(params)[0], 'mint');
  const account = chain.getAccount(mint);
  if (!account || tokenAccountKind(account) !== 'mint') throw new RpcError(-32602, 'Invalid param: not a Token mint');
  const decimals = mintDecimalsReader(chain)(mint);
  const largest = tokens
    .holdersOf(mint)
    .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
    .slice(0, NUM_LARGEST_ACCOUNTS);
  return largest.map((h) => ({ address: h.address, ...tokenAmountFor(chain, mint, h.amount, decimals) }));
}
