// The instructions that burn one fungible token account and close it, decided from the account as it is on the
// chain now (never from the list's cached balance): the full amount is burned; a Token-2022 account holding withheld
// transfer fees has them harvested first (the program refuses the close otherwise); wrapped SOL is closed without a
// burn (burning it would destroy SOL; closing unwraps it back to the owner).
import { getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import { type AccountInfo, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { isTokenProgram } from './keys';
import { burnAndCloseIxs, closeAccountIx, harvestWithheldToMintIx } from './tokenInstructions';
import { TOKEN_2022_PROGRAM } from '../common/addresses';

export interface TokenRef {
  mint: string;
  account: string;
  decimals: number;
}

export type TokenBurnPlan =
  | { ok: true; ixs: TransactionInstruction[]; lamports: number; allowed: string[]; native: boolean; amount: bigint }
  | { ok: false; reason: string };

export function planTokenBurn(owner: string, token: TokenRef, info: AccountInfo<Buffer> | null): TokenBurnPlan {
  if (!info || !isTokenProgram(info.owner)) return { ok: false, reason: 'token account not found' };
  let account;
  try {
    account = unpackAccount(new PublicKey(token.account), info, info.owner);
  } catch {
    return { ok: false, reason: 'not a token account' };
  }
  if (account.owner.toBase58() !== owner) return { ok: false, reason: 'token account does not belong to this wallet' };
  if (account.mint.toBase58() !== token.mint) return { ok: false, reason: 'token account holds another mint' };
  if (account.isFrozen) return { ok: false, reason: 'token account is frozen' };
  const ref = { owner, account: token.account, programId: info.owner };
  const allowed = [token.account, token.mint];
  const amount = account.amount; // what is destroyed, as the chain holds it (the value check reads it, PRODUCT difference 14)
  if (account.isNative)
    return { ok: true, ixs: [closeAccountIx(ref)], lamports: info.lamports, allowed, native: true, amount };
  const ixs: TransactionInstruction[] = [];
  const withheld =
    info.owner.toBase58() === TOKEN_2022_PROGRAM ? (getTransferFeeAmount(account)?.withheldAmount ?? 0n) : 0n;
  if (withheld > 0n) ixs.push(harvestWithheldToMintIx(token.mint, [token.account]));
  ixs.push(...burnAndCloseIxs({ ...ref, mint: token.mint, amount: account.amount, decimals: token.decimals }));
  return { ok: true, ixs, lamports: info.lamports, allowed, native: false, amount };
}
