import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { RpcClient } from '../rpc/rpc';

export interface OwnedTokenAccount {
  address: string;
  mint: string;
  owner: string;
  amount: bigint;
  decimals: number;
  /** The amount as wallets show it: the RPC's parsed uiAmountString, which applies Token-2022's scaled-UI-amount
   * and interest-bearing extensions (absent from older nodes). */
  uiAmountString?: string;
  program: string;
  state: string;
  lamports: number;
}

interface ParsedTokenAccount {
  pubkey: string;
  account: {
    lamports: number;
    owner: string;
    data: {
      parsed?: {
        info?: {
          mint: string;
          owner: string;
          state: string;
          tokenAmount: { amount: string; decimals: number; uiAmountString?: string };
        };
      };
    };
  };
}

/** Every SPL Token and Token-2022 account of an owner (two RPC calls, in parallel). */
export async function listTokenAccounts(rpc: RpcClient, owner: string): Promise<OwnedTokenAccount[]> {
  const lists = await Promise.all(
    [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
      rpc.call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [
        owner,
        { programId },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]),
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
        ...(typeof info.tokenAmount.uiAmountString === 'string'
          ? { uiAmountString: info.tokenAmount.uiAmountString }
          : {}),
        program: i === 0 ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM,
        state: info.state,
        lamports: account.lamports,
      });
    }
  });
  return out;
}
