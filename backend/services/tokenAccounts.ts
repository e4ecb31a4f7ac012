import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';
import type { RpcClient } from './rpc';

export interface OwnedTokenAccount {
  address: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number;
  program: string;
  state: string;
  lamports: number;
}

interface ParsedTokenAccount {
  pubkey: string;
  account: {
    lamports: number;
    owner: string;
    data: { parsed?: { info?: { mint: string; owner: string; state: string; tokenAmount: { amount: string; decimals: number } } } };
  };
}

/** Every SPL Token and Token-2022 account of an owner (two RPC calls, in parallel). */
export async function listTokenAccounts(rpc: RpcClient, owner: string): Promise<OwnedTokenAccount[]> {
  const lists = await Promise.all(
    [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
      rpc.call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
    ),
  );
  const out: OwnedTokenAccount[] = [];
  lists.forEach((res, i) => {
    for (const { pubkey, account } of res?.value ?? []) {
      const info = account.data?.parsed?.info;
      if (!info) continue;
      out.push({
        address: pubkey,
        mint: info.mint,
        owner: info.owner,
        amount: BigInt(info.tokenAmount.amount),
        decimals: info.tokenAmount.decimals,
        program: i === 0 ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
        state: info.state,
        lamports: account.lamports,
      });
    }
  });
  return out;
}
