import { PublicKey, type Connection } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../common/addresses';
import type { TokenSourceItem } from './tokenModel';

// The direct chain query of docs/PRODUCT.md#loading, #server-calls: the owner's token accounts of SPL Token and Token-2022, jsonParsed.

export type TokenAccountsConnection = Pick<Connection, 'getParsedTokenAccountsByOwner'>;

interface ParsedTokenInfo {
  mint: string;
  tokenAmount: { amount: string; decimals: number; uiAmountString?: string };
}

export async function fetchTokenAccountsFromChain(
  connection: TokenAccountsConnection,
  owner: string,
): Promise<TokenSourceItem[]> {
  const ownerKey = new PublicKey(owner);
  const programs = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];
  const answers = await Promise.all(
    programs.map((programId) =>
      connection.getParsedTokenAccountsByOwner(ownerKey, { programId: new PublicKey(programId) }),
    ),
  );
  return answers.flatMap((answer, i) =>
    answer.value.flatMap(({ pubkey, account }) => {
      const data = account.data as { parsed?: { info?: ParsedTokenInfo } };
      const info = data?.parsed?.info;
      if (!info?.mint || !info.tokenAmount) return [];
      return [
        {
          mint: info.mint,
          amount: info.tokenAmount.amount,
          decimals: info.tokenAmount.decimals,
          ...(typeof info.tokenAmount.uiAmountString === 'string'
            ? { uiAmountString: info.tokenAmount.uiAmountString }
            : {}),
          tokenAccount: pubkey.toBase58(),
          programId: programs[i],
          lamports: account.lamports,
        },
      ];
    }),
  );
}
