// Surplus rent (PRODUCT difference 13): since SIMD-0437 lowered lamports_per_byte, accounts made earlier hold more than the
// rent-exempt minimum for their size. The authority of a token account (its owner) or of a mint (its mint
// authority) can move the difference out with WithdrawExcessLamports (instruction 38) of either token program —
// frozen accounts included, since the instruction never looks at the account state (p-token
// processor/withdraw_excess_lamports.rs, Token-2022 processor.rs process_withdraw_excess_lamports); wrapped SOL
// answers NativeNotSupported. Every figure here is the account's own lamports minus the chain's minimum for its
// size, never a constant.
import { unpackMint } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/common/addresses';
import type { RpcClient } from './rpc';
import { classifyVacant, type ScannedTokenAccount } from './vacantScan';

export interface SurplusAccount {
  address: string;
  programId: string;
  kind: 'token-account' | 'mint';
  lamports: number;
  /** The chain's rent-exempt minimum for this account's size. */
  minimum: number;
  /** lamports − minimum (> 0). */
  surplus: number;
}

const MAX_KEYS_PER_CALL = 100;
const MINT_BASE_SIZE = 82;
const ACCOUNT_TYPE_OFFSET = 165; // Token-2022: 1 = mint, 2 = account, after the base state padded to 165 bytes
const MINT_ACCOUNT_TYPE = bs58.encode([1]);
const MINT_SCAN_TIMEOUT_MS = 4_000;

interface RawAccount {
  data: [string, string];
  lamports: number;
  owner: string;
}

/** The chain's minimum for each size asked (one call per distinct size). */
async function minimumsFor(rpc: RpcClient, sizes: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(sizes)];
  const values = await Promise.all(unique.map((n) => rpc.call<number>('getMinimumBalanceForRentExemption', [n])));
  return new Map(unique.map((n, i) => [n, values[i]]));
}

/**
 * Mints whose mint authority is `owner`: SPL Token mints are 82 bytes, Token-2022 mints 82 bytes or, with
 * extensions, tagged 1 at byte 165. The authority sits at bytes 4..36. Upstream RPCs may refuse getProgramAccounts
 * on the token programs; then only the mints of the wallet's own token accounts are looked at.
 */
async function mintsControlledBy(
  rpc: RpcClient,
  owner: string,
  fallback: string[],
): Promise<{ pubkey: string; account: RawAccount }[]> {
  const authority = { memcmp: { offset: 4, bytes: owner } };
  const queries: [string, unknown[]][] = [
    [TOKEN_PROGRAM, [{ dataSize: MINT_BASE_SIZE }, authority]],
    [TOKEN_2022_PROGRAM, [{ dataSize: MINT_BASE_SIZE }, authority]],
    [TOKEN_2022_PROGRAM, [{ memcmp: { offset: ACCOUNT_TYPE_OFFSET, bytes: MINT_ACCOUNT_TYPE } }, authority]],
  ];
  try {
    const lists = Promise.all(
      queries.map(([program, filters]) =>
        rpc.call<{ pubkey: string; account: RawAccount }[]>('getProgramAccounts', [
          program,
          { encoding: 'base64', filters, commitment: 'confirmed' },
        ]),
      ),
    );
    lists.catch(() => undefined);
    // A slow scan must not hold the rent estimate (the page gives it 15 s): past this, the fallback answers.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('mint scan too slow')), MINT_SCAN_TIMEOUT_MS);
    });
    try {
      return (await Promise.race([lists, late])).flat();
    } finally {
      clearTimeout(timer);
    }
  } catch {
    const out: { pubkey: string; account: RawAccount }[] = [];
    const keys = [...new Set(fallback)];
    for (let i = 0; i < keys.length; i += MAX_KEYS_PER_CALL) {
      const chunk = keys.slice(i, i + MAX_KEYS_PER_CALL);
      const res = await rpc.call<{ value: (RawAccount | null)[] }>('getMultipleAccounts', [
        chunk,
        { encoding: 'base64', commitment: 'confirmed' },
      ]);
      res.value.forEach((account, j) => account && out.push({ pubkey: chunk[j], account }));
    }
    return out;
  }
}

function mintAuthorityIs(pubkey: string, account: RawAccount, owner: string): boolean {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return false;
  try {
    const data = Buffer.from(account.data[0], 'base64');
    const program = new PublicKey(account.owner);
    const mint = unpackMint(
      new PublicKey(pubkey),
      { data, owner: program, lamports: account.lamports, executable: false },
      program,
    );
    return mint.mintAuthority?.toBase58() === owner;
  } catch {
    return false;
  }
}

/**
 * Accounts the user keeps that hold more than today's minimum: every token account of the wallet that the vacant
 * recovery does not close (not wrapped SOL), and every mint whose mint authority is the wallet.
 */
export async function scanSurplus(
  rpc: RpcClient,
  owner: string,
  accounts: ScannedTokenAccount[],
): Promise<SurplusAccount[]> {
  const closing = new Set(classifyVacant(accounts, owner).vacant.map((a) => a.address));
  const kept = accounts.filter((a) => !closing.has(a.address) && a.nativeReserve === null);
  const mints = (
    await mintsControlledBy(
      rpc,
      owner,
      accounts.map((a) => a.mint),
    )
  ).filter((m) => mintAuthorityIs(m.pubkey, m.account, owner));
  const mintSizes = mints.map((m) => Buffer.from(m.account.data[0], 'base64').length);
  const minimums = await minimumsFor(rpc, [...kept.map((a) => a.space), ...mintSizes]);
  const out: SurplusAccount[] = [];
  for (const a of kept) {
    const minimum = minimums.get(a.space)!;
    if (a.lamports > minimum)
      out.push({
        address: a.address,
        programId: a.programId,
        kind: 'token-account',
        lamports: a.lamports,
        minimum,
        surplus: a.lamports - minimum,
      });
  }
  const seen = new Set<string>();
  mints.forEach((m, i) => {
    if (seen.has(m.pubkey)) return;
    seen.add(m.pubkey);
    const minimum = minimums.get(mintSizes[i])!;
    if (m.account.lamports > minimum)
      out.push({
        address: m.pubkey,
        programId: m.account.owner,
        kind: 'mint',
        lamports: m.account.lamports,
        minimum,
        surplus: m.account.lamports - minimum,
      });
  });
  return out;
}

export const sumSurplus = (list: { surplus: number }[]): number => list.reduce((s, a) => s + a.surplus, 0);
