// `jsonParsed` for SPL Token and Token-2022 accounts and mints, in the shape a Solana RPC answers
// (parsed.info incl. Token-2022 `extensions` such as transferFeeAmount.withheldAmount).
import { PublicKey } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { ChainAccount } from '../chainTypes';

export interface ParsedData {
  program: string;
  parsed: { type: string; info: Record<string, unknown> };
  space: number;
}

export function uiAmount(
  amount: bigint,
  decimals: number,
): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const s = amount.toString().padStart(decimals + 1, '0');
  const whole = s.slice(0, s.length - decimals);
  const frac = decimals ? s.slice(s.length - decimals).replace(/0+$/, '') : '';
  const str = frac ? `${whole}.${frac}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(str), uiAmountString: str };
}

const b58 = (k: PublicKey | null | undefined) => (k ? k.toBase58() : null);
const feeJson = (f: T.TransferFee) => ({
  epoch: Number(f.epoch),
  maximumFee: Number(f.maximumFee),
  transferFeeBasisPoints: f.transferFeeBasisPoints,
});

function mintExtensions(m: T.Mint): Record<string, unknown>[] {
  return T.getExtensionTypes(m.tlvData).map((type) => {
    const name = T.ExtensionType[type];
    switch (type) {
      case T.ExtensionType.TransferFeeConfig: {
        const c = T.getTransferFeeConfig(m)!;
        return {
          extension: 'transferFeeConfig',
          state: {
            newerTransferFee: feeJson(c.newerTransferFee),
            olderTransferFee: feeJson(c.olderTransferFee),
            transferFeeConfigAuthority: b58(c.transferFeeConfigAuthority),
            withdrawWithheldAuthority: b58(c.withdrawWithheldAuthority),
            withheldAmount: Number(c.withheldAmount),
          },
        };
      }
      case T.ExtensionType.MintCloseAuthority:
        return {
          extension: 'mintCloseAuthority',
          state: { closeAuthority: b58(T.getMintCloseAuthority(m)!.closeAuthority) },
        };
      case T.ExtensionType.MetadataPointer: {
        const p = T.getMetadataPointerState(m)!;
        return {
          extension: 'metadataPointer',
          state: { authority: b58(p.authority), metadataAddress: b58(p.metadataAddress) },
        };
      }
      case T.ExtensionType.PermanentDelegate:
        return { extension: 'permanentDelegate', state: { delegate: b58(T.getPermanentDelegate(m)!.delegate) } };
      case T.ExtensionType.NonTransferable:
        return { extension: 'nonTransferable' };
      case T.ExtensionType.DefaultAccountState:
        return {
          extension: 'defaultAccountState',
          state: { accountState: ['uninitialized', 'initialized', 'frozen'][T.getDefaultAccountState(m)!.state] },
        };
      default:
        return { extension: name ? name[0].toLowerCase() + name.slice(1) : 'unparseableExtension' };
    }
  });
}

function accountExtensions(a: T.Account): Record<string, unknown>[] {
  return T.getExtensionTypes(a.tlvData).map((type) => {
    const name = T.ExtensionType[type];
    switch (type) {
      case T.ExtensionType.TransferFeeAmount:
        return {
          extension: 'transferFeeAmount',
          state: { withheldAmount: Number(T.getTransferFeeAmount(a)!.withheldAmount) },
        };
      case T.ExtensionType.ImmutableOwner:
        return { extension: 'immutableOwner' };
      case T.ExtensionType.MemoTransfer:
        return {
          extension: 'memoTransfer',
          state: { requireIncomingTransferMemos: T.getMemoTransfer(a)!.requireIncomingTransferMemos },
        };
      case T.ExtensionType.CpiGuard:
        return { extension: 'cpiGuard', state: { lockCpi: T.getCpiGuard(a)!.lockCpi } };
      case T.ExtensionType.NonTransferableAccount:
        return { extension: 'nonTransferableAccount' };
      default:
        return { extension: name ? name[0].toLowerCase() + name.slice(1) : 'unparseableExtension' };
    }
  });
}

/** Kind of a token-program account by layout: 'account', 'mint' or null (multisig / unknown). */
export function tokenAccountKind(acc: ChainAccount): 'account' | 'mint' | null {
  const d = acc.data;
  if (acc.owner !== TOKEN_PROGRAM && acc.owner !== TOKEN_2022_PROGRAM) return null;
  if (d.length === T.ACCOUNT_SIZE) return 'account';
  if (d.length === T.MINT_SIZE) return 'mint';
  if (acc.owner === TOKEN_2022_PROGRAM && d.length > T.ACCOUNT_SIZE)
    return d[T.ACCOUNT_SIZE] === 2 ? 'account' : d[T.ACCOUNT_SIZE] === 1 ? 'mint' : null;
  return null;
}

function info(acc: ChainAccount) {
  return {
    data: Buffer.from(acc.data),
    owner: new PublicKey(acc.owner),
    lamports: Number(acc.lamports),
    executable: acc.executable,
  };
}

export function parseTokenAccount(
  pubkey: string,
  acc: ChainAccount,
  mintDecimals: (mint: string) => number,
): ParsedData | null {
  const kind = tokenAccountKind(acc);
  if (!kind) return null;
  const program = acc.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
  const pid = new PublicKey(acc.owner);
  try {
    if (kind === 'mint') {
      const m = T.unpackMint(new PublicKey(pubkey), info(acc), pid);
      const i: Record<string, unknown> = {
        decimals: m.decimals,
        freezeAuthority: b58(m.freezeAuthority),
        isInitialized: m.isInitialized,
        mintAuthority: b58(m.mintAuthority),
        supply: m.supply.toString(),
      };
      if (program === 'spl-token-2022' && m.tlvData.length) i.extensions = mintExtensions(m);
      return { program, parsed: { type: 'mint', info: i }, space: acc.data.length };
    }
    const a = T.unpackAccount(new PublicKey(pubkey), info(acc), pid);
    const decimals = mintDecimals(a.mint.toBase58());
    const i: Record<string, unknown> = {
      isNative: a.isNative,
      mint: a.mint.toBase58(),
      owner: a.owner.toBase58(),
      state: a.isFrozen ? 'frozen' : a.isInitialized ? 'initialized' : 'uninitialized',
      tokenAmount: uiAmount(a.amount, decimals),
    };
    if (a.delegate) {
      i.delegate = a.delegate.toBase58();
      i.delegatedAmount = uiAmount(a.delegatedAmount, decimals);
    }
    if (a.closeAuthority) i.closeAuthority = a.closeAuthority.toBase58();
    if (a.rentExemptReserve !== null) i.rentExemptReserve = uiAmount(a.rentExemptReserve, 9);
    if (program === 'spl-token-2022' && a.tlvData.length) i.extensions = accountExtensions(a);
    return { program, parsed: { type: 'account', info: i }, space: acc.data.length };
  } catch {
    return null;
  }
}
