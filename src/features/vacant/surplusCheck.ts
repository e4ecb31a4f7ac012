// The page's own check of the surplus withdrawals a server-built transaction asks for (PRODUCT difference 10, 13): each
// source must be, on chain, the owner's non-native token account or a mint whose mint authority is the owner; the
// surplus is its lamports minus the chain's minimum for its size. Nothing here comes from the server's answer.
import { unpackAccount, unpackMint } from '@solana/spl-token';
import { type AccountInfo, PublicKey } from '@solana/web3.js';
import { decodeTransaction, type TransactionInput } from '../../chain/decode';
import { WITHDRAW_EXCESS_LAMPORTS_TAG } from '../../chain/withdrawExcess';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../common/addresses';

export interface SurplusChainReader {
  getMultipleAccountsInfo(keys: PublicKey[]): Promise<(AccountInfo<Buffer> | null)[]>;
  getMinimumBalanceForRentExemption(bytes: number): Promise<number>;
}

const isTokenProgram = (id: string) => id === TOKEN_PROGRAM || id === TOKEN_2022_PROGRAM;

/** Sources of every WithdrawExcessLamports in the transactions (deduplicated). */
export function surplusSourcesIn(transactions: readonly TransactionInput[]): string[] {
  const out = new Set<string>();
  for (const t of transactions) {
    for (const ix of decodeTransaction(t).instructions) {
      if (isTokenProgram(ix.programId) && ix.data[0] === WITHDRAW_EXCESS_LAMPORTS_TAG && ix.accounts[0])
        out.add(ix.accounts[0].pubkey);
    }
  }
  return [...out];
}

function controlledBy(owner: string, address: PublicKey, info: AccountInfo<Buffer>): boolean {
  const program = info.owner;
  try {
    const account = unpackAccount(address, info, program);
    return account.owner.toBase58() === owner && !account.isNative;
  } catch {
    try {
      return unpackMint(address, info, program).mintAuthority?.toBase58() === owner;
    } catch {
      return false;
    }
  }
}

/** The sources the chain confirms as the owner's, and their total surplus in lamports. */
export async function verifySurplusSources(
  chain: SurplusChainReader,
  owner: string,
  sources: string[],
): Promise<{ sources: string[]; surplusLamports: number }> {
  const keys = sources.map((s) => new PublicKey(s));
  const infos: (AccountInfo<Buffer> | null)[] = [];
  for (let i = 0; i < keys.length; i += 100)
    infos.push(...(await chain.getMultipleAccountsInfo(keys.slice(i, i + 100))));
  const minimums = new Map<number, number>();
  const verified: string[] = [];
  let surplusLamports = 0;
  for (const [i, info] of infos.entries()) {
    if (!info || !isTokenProgram(info.owner.toBase58()) || !controlledBy(owner, keys[i], info)) continue;
    if (!minimums.has(info.data.length))
      minimums.set(info.data.length, await chain.getMinimumBalanceForRentExemption(info.data.length));
    verified.push(sources[i]);
    surplusLamports += Math.max(0, info.lamports - minimums.get(info.data.length)!);
  }
  return { sources: verified, surplusLamports };
}
