// Token accounts SolBack leaves alone on purpose, each with its real reason, decided from the jsonParsed account as
// the chain returns it. Mirrors what the flows do: the vacant close closes every empty account whose close authority
// is the owner, frozen or delegated ones included (CloseAccount checks neither; backend/services/vacant/vacantScan.ts
// classifyVacant), and skips one closable only by someone else; the token burn refuses a frozen account holding
// tokens (src/features/burn/burn/tokenBurnPlan.ts), except an NFT's, which Token Metadata's burn thaws first (the
// caller leaves the NFT section's mints out); wrapped SOL is the owner's SOL.

export type LeftAloneReason = 'wrapped-sol' | 'frozen' | 'delegated' | 'close-authority';

export interface ParsedTokenAccountInfo {
  mint: string;
  owner: string;
  state?: string; // 'initialized' | 'frozen'
  isNative?: boolean;
  delegate?: string;
  closeAuthority?: string;
  tokenAmount: { amount: string; decimals: number; uiAmountString?: string };
}

export interface LeftAloneAccount {
  address: string;
  mint: string;
  lamports: number;
  amount: string;
  decimals: number;
  reason: LeftAloneReason;
  /** The other party where there is one (delegate, close authority). */
  party?: string;
}

export function leftAloneReason(
  info: ParsedTokenAccountInfo,
  owner: string,
): { reason: LeftAloneReason; party?: string } | null {
  const empty = BigInt(info.tokenAmount.amount || '0') === 0n;
  if (info.isNative && !empty) return { reason: 'wrapped-sol' };
  if (!empty) return info.state === 'frozen' ? { reason: 'frozen' } : null;
  if (info.closeAuthority && info.closeAuthority !== owner)
    return { reason: 'close-authority', party: info.closeAuthority };
  return null;
}

export function leftAloneAccounts(
  accounts: { address: string; lamports: number; info: ParsedTokenAccountInfo }[],
  owner: string,
): LeftAloneAccount[] {
  return accounts.flatMap(({ address, lamports, info }) => {
    const why = leftAloneReason(info, owner);
    if (!why) return [];
    return [
      {
        address,
        mint: info.mint,
        lamports,
        amount: info.tokenAmount.amount,
        decimals: info.tokenAmount.decimals,
        ...why,
      },
    ];
  });
}
