// The mints whose mint authority is the wallet, for the surplus source (sources/surplus/source.ts). SPL Token mints are 82
// bytes, Token-2022 mints 82 bytes or, with extensions, tagged 1 at byte 165; the authority sits at bytes 4..36.
// Upstream RPCs may refuse getProgramAccounts on the token programs, or take long: then only the mints of the
// wallet's own token accounts are looked at (docs/UPSTREAM.md).
import bs58 from 'bs58';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../common/addresses';
import { mintAuthority } from '../chainRuleSurplus';
import type { RecoveryRpc } from './source';

export interface AuthorityMint {
  address: string;
  programId: string;
  lamports: number;
  data: Uint8Array;
}

const MAX_KEYS_PER_CALL = 100;
const MINT_BASE_SIZE = 82;
const ACCOUNT_TYPE_OFFSET = 165; // Token-2022: 1 = mint, 2 = account, after the base state padded to 165 bytes
const MINT_ACCOUNT_TYPE = bs58.encode([1]);
/** A slow scan must not hold the rent estimate (the page gives it 15 s): past this, the fallback answers. */
const MINT_SCAN_TIMEOUT_MS = 4_000;

interface RawAccount {
  data: [string, string];
  lamports: number;
  owner: string;
}
type Keyed = { pubkey: string; account: RawAccount };

async function byProgramAccounts(rpc: RecoveryRpc, owner: string): Promise<Keyed[]> {
  const authority = { memcmp: { offset: 4, bytes: owner } };
  const queries: [string, unknown[]][] = [
    [TOKEN_PROGRAM, [{ dataSize: MINT_BASE_SIZE }, authority]],
    [TOKEN_2022_PROGRAM, [{ dataSize: MINT_BASE_SIZE }, authority]],
    [TOKEN_2022_PROGRAM, [{ memcmp: { offset: ACCOUNT_TYPE_OFFSET, bytes: MINT_ACCOUNT_TYPE } }, authority]],
  ];
  const lists = Promise.all(
    queries.map(([program, filters]) =>
      rpc.call<Keyed[]>('getProgramAccounts', [program, { encoding: 'base64', filters, commitment: 'confirmed' }]),
    ),
  );
  lists.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('mint scan too slow')), MINT_SCAN_TIMEOUT_MS);
  });
  try {
    return (await Promise.race([lists, late])).flat();
  } finally {
    clearTimeout(timer);
  }
}

async function byWalletMints(rpc: RecoveryRpc, mints: string[]): Promise<Keyed[]> {
  const out: Keyed[] = [];
  const keys = [...new Set(mints)];
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

/** The mints (of either token program) whose mint authority is `owner`; `walletMints` are the fallback's. */
export async function mintsControlledBy(
  rpc: RecoveryRpc,
  owner: string,
  walletMints: string[],
): Promise<AuthorityMint[]> {
  let found: Keyed[];
  try {
    found = await byProgramAccounts(rpc, owner);
  } catch {
    found = await byWalletMints(rpc, walletMints);
  }
  return found.flatMap(({ pubkey, account }) => {
    if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return [];
    const data = Uint8Array.from(Buffer.from(account.data[0], 'base64'));
    if (mintAuthority(data) !== owner) return [];
    return [{ address: pubkey, programId: account.owner, lamports: account.lamports, data }];
  });
}
