// The chain rule for WithdrawExcessLamports (instruction 38, PRODUCT difference 10 and 13): the source must be, on
// chain, the owner's non-native token account or a mint whose mint authority is the owner, held by the program the
// instruction calls; what it returns is the source's lamports minus the chain's rent-exempt minimum for its size.
// Both figures come from the page's own reading (getMultipleAccounts, getMinimumBalanceForRentExemption), never from
// the server's answer, so a server inflating the surplus cannot raise the 1 % fee ceiling.
import bs58 from 'bs58';
import type { ChainRule } from './chainRules';
import type { DecodedTransaction } from './decode';
import { TOKEN_ACCOUNT_HEAD, readTokenAccountHead } from './tokenAccountData';
import { isTokenProgram } from './keys';
import { isWithdrawExcessIx } from './withdrawExcess';

const MINT_SIZE = 82;
const MULTISIG_SIZE = 355; // Token-2022 pads extended accounts so none is this long
const ACCOUNT_TYPE_MINT = 1; // Token-2022: the byte after the 165-byte head of an extended account
const CLOSE_ACCOUNT_TAG = 9; // SPL Token and Token-2022 CloseAccount

/** The mint authority of a mint's data, or null (no authority, or not a mint). */
export function mintAuthority(data: Uint8Array): string | null {
  const isMint =
    data.length === MINT_SIZE ||
    (data.length > TOKEN_ACCOUNT_HEAD &&
      data.length !== MULTISIG_SIZE &&
      data[TOKEN_ACCOUNT_HEAD] === ACCOUNT_TYPE_MINT);
  if (!isMint) return null;
  const b = Buffer.from(data.buffer, data.byteOffset, data.length);
  // Mint: mint_authority COption<Pubkey> 0..36, supply 36..44, decimals 44, is_initialized 45
  if (b.readUInt32LE(0) !== 1 || b[45] !== 1) return null;
  return bs58.encode(b.subarray(4, 36));
}

function controlledBy(owner: string, data: Uint8Array): boolean {
  if (mintAuthority(data) === owner) return true;
  if (data.length === MULTISIG_SIZE) return false;
  if (data.length > TOKEN_ACCOUNT_HEAD && data[TOKEN_ACCOUNT_HEAD] === ACCOUNT_TYPE_MINT) return false;
  const head = readTokenAccountHead(data);
  return !!head && head.owner === owner && !head.isNative;
}

export const surplusWithdrawal: ChainRule = {
  name: 'surplus withdrawal (WithdrawExcessLamports)',
  matches: (ix) => isWithdrawExcessIx(ix.programId, ix.data),
  reads: (ix) => [ix.accounts[0]?.pubkey ?? ''],
  rentFor: (ix) => [ix.accounts[0]?.pubkey ?? ''],
  check(ix, facts, state) {
    const source = ix.accounts[0]?.pubkey ?? '';
    const snapshot = facts.account(source);
    if (!snapshot) return `surplus source ${source} does not exist on chain`;
    if (snapshot.owner !== ix.programId) return `surplus source ${source} is not held by ${ix.programId}`;
    if (!controlledBy(facts.owner, snapshot.data)) return `surplus source ${source} is not the owner's`;
    if (state.closed.has(source)) return `surplus withdrawal from ${source}, which is closed`;
    const minimum = facts.rentMinimum?.(source) ?? null;
    if (minimum === null) return `the rent minimum of ${source} could not be read from the chain`;
    const surplus = snapshot.lamports - minimum;
    if (surplus <= 0n) return `surplus source ${source} holds nothing above its rent minimum`;
    return surplus;
  },
};

/**
 * An account both closed and drained of its surplus in one action would count its surplus twice toward the fee
 * ceiling (each transaction is measured against today's chain); null when no transaction does that.
 */
export function surplusCloseConflict(txs: readonly DecodedTransaction[]): string | null {
  const closed = new Set<string>();
  const drained = new Set<string>();
  for (const tx of txs)
    for (const ix of tx.instructions) {
      const account = ix.accounts[0]?.pubkey;
      if (!account) continue;
      if (isWithdrawExcessIx(ix.programId, ix.data)) drained.add(account);
      else if (isTokenProgram(ix.programId) && ix.data[0] === CLOSE_ACCOUNT_TAG) closed.add(account);
    }
  const both = [...drained].find((a) => closed.has(a));
  return both ? `account ${both} is both closed and drained of its surplus` : null;
}
