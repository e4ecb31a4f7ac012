// Durable nonce accounts whose authority is the wallet. WithdrawNonceAccount (System instruction 5) of the whole
// balance closes the account (solana-program system processor, withdraw_nonce_account; verified on LiteSVM 1.5:
// 1,447,680 at 6,960 per byte). Listed but left alone unless ticked: the owner may use it for offline signing.
import { SYSTEM_PROGRAM } from '../../../../common/addresses';
import {
  NONCE_ACCOUNT_SIZE,
  NONCE_AUTHORITY_OFFSET,
  NONCE_WITHDRAW_TAG,
  nonceWithdrawIx,
  readNonceAuthority,
} from '../../layouts';
import { at, memcmpKey, n, programAccounts, u32At, u64At, type RecoveryCheck, type RecoverySource } from '../../source';

const CU_PER_WITHDRAW = 1_000; // a builtin: ≈ 450 measured

/** The guard's rule for WithdrawNonceAccount: [nonce, recipient, RecentBlockhashes, Rent, authority]. */
const checkNonceWithdraw: RecoveryCheck = (ix, owner, allowed) => {
  if (ix.data.length !== 12) return 'nonce withdrawal of an unexpected shape';
  if (!allowed.has(at(ix, 0))) return `withdrawal from a nonce account not selected: ${at(ix, 0)}`;
  if (at(ix, 1) !== owner) return `nonce withdrawal pays ${at(ix, 1)}, not the owner`;
  return at(ix, 4) === owner && ix.accounts[4]?.isSigner ? null : 'nonce authority is not the owner';
};

/** What the scan says of an item (worded in src/common/texts). */
export type NonceDetail = { about: 'nonce' };

export const nonceSource: RecoverySource<'nonce', NonceDetail> = {
  kind: 'nonce',
  flow: 'recover',
  scanCalls: `getProgramAccounts(System, dataSize ${NONCE_ACCOUNT_SIZE}, memcmp authority @${NONCE_AUTHORITY_OFFSET})`,
  async scan(ctx) {
    const accounts = await programAccounts(ctx.rpc, SYSTEM_PROGRAM, [
      { dataSize: NONCE_ACCOUNT_SIZE },
      memcmpKey(NONCE_AUTHORITY_OFFSET, ctx.owner),
    ]);
    return accounts
      .filter((a) => readNonceAuthority(a.data) === ctx.owner)
      .map((a) => ({
        kind: 'nonce' as const,
        address: a.address,
        lamports: n(a.lamports),
        rentLamports: n(a.lamports),
        recoverableLamports: n(a.lamports),
        state: 'ready' as const,
        optIn: true,
        detail: { about: 'nonce' as const },
      }));
  },
  plan(item, owner) {
    return {
      action: 'withdraw',
      instructions: [nonceWithdrawIx(item.address, owner, BigInt(item.lamports))],
      computeUnits: CU_PER_WITHDRAW,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  // The System program's rule (transfers) lives in guardRules.ts; it hands WithdrawNonceAccount to this one.
  staticRules: {},
  systemRules: { [NONCE_WITHDRAW_TAG]: { name: 'nonce withdrawal', check: checkNonceWithdraw } },
  chainRules: [
    {
      name: 'nonce account withdrawal',
      matches: (ix) => ix.programId === SYSTEM_PROGRAM && u32At(ix.data, 0) === NONCE_WITHDRAW_TAG,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const snapshot = facts.account(address);
        if (!snapshot || snapshot.owner !== SYSTEM_PROGRAM) return `nonce account ${address} does not exist on chain`;
        if (readNonceAuthority(snapshot.data) !== facts.owner) return `nonce account ${address} is not the owner's`;
        // Only the whole balance: it closes the account, and nothing is left half-funded.
        if (u64At(ix.data, 4) !== snapshot.lamports) return `nonce withdrawal of part of ${address}`;
        if (state.closed.has(address)) return `nonce account ${address} withdrawn twice`;
        state.closed.add(address);
        return { returns: snapshot.lamports, feeBase: snapshot.lamports };
      },
    },
  ],
};
