// Wrapped SOL the wallet holds (an SPL Token account of the native mint with a balance): closing it (CloseAccount 9,
// the same close the token card's Unwrap sends, src/chain/tokenBurnPlan.ts) returns its wrapped SOL and its rent to
// the owner as SOL (spl-token program/src/processor.rs, process_close_account: a native account closes with its
// balance). The wrapped SOL is the owner's own SOL: the 1 % fee is on the rent only, as for stake principal. Left
// alone unless ticked: the owner may be keeping it wrapped to trade. Token-2022's native mint is left to the card's
// Unwrap (rare; its close would share the closable-mint source's Token-2022 rule). Empty wrapped-SOL accounts are the
// empty-account source's.
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../../../common/addresses';
import { ownTokenAccount } from '../../../ownTokenAccount';
import { CLOSE_ACCOUNT_TAG, checkClose } from '../../../tokenCloseRules';
import { closeAccountIx } from '../../../tokenInstructions';
import { at, n, type RecoverySource } from '../../source';

const CU_PER_CLOSE = 5_000; // an SPL Token close, measured ≈ 3k on the local runtime

/** What the review and the list name apart: the wrapped SOL (no fee) and the rent (the fee base). */
export type WrappedSolDetail = { about: 'wrappedSol'; wrappedLamports: number; rentLamports: number };

export const wrappedSolSource: RecoverySource<'wrappedSol', WrappedSolDetail> = {
  kind: 'wrappedSol',
  flow: 'recover',
  scanCalls: 'getTokenAccountsByOwner (shared)',
  async scan(ctx) {
    return (await ctx.tokenAccounts()).flatMap((a) => {
      const unwrappable =
        a.programId === TOKEN_PROGRAM &&
        a.mint === NATIVE_MINT &&
        a.amount > 0n &&
        !a.frozen &&
        (a.closeAuthority === null || a.closeAuthority === ctx.owner);
      if (!unwrappable) return [];
      const wrapped = n(a.amount);
      const rent = a.lamports - wrapped;
      return [
        {
          kind: 'wrappedSol' as const,
          address: a.address,
          programId: a.programId,
          mint: a.mint,
          lamports: a.lamports,
          rentLamports: rent,
          recoverableLamports: a.lamports,
          principalLamports: wrapped,
          state: 'ready' as const,
          optIn: true,
          detail: { about: 'wrappedSol' as const, wrappedLamports: wrapped, rentLamports: rent },
        },
      ];
    });
  },
  plan(item, owner) {
    return {
      action: 'close',
      instructions: [closeAccountIx({ owner, account: item.address, programId: TOKEN_PROGRAM })],
      computeUnits: CU_PER_CLOSE,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.rentLamports),
    };
  },
  staticRules: {},
  tokenRules: { [CLOSE_ACCOUNT_TAG]: checkClose },
  chainRules: [
    {
      name: 'wrapped SOL unwrap',
      matches: (ix) => ix.programId === TOKEN_PROGRAM && ix.data[0] === CLOSE_ACCOUNT_TAG && ix.data.length === 1,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const own = ownTokenAccount(facts, address, [TOKEN_PROGRAM]);
        if (typeof own === 'string') return own;
        if (!own.head.isNative || own.head.mint !== NATIVE_MINT) return `account ${address} is not wrapped SOL`;
        if (state.closed.has(address)) return `account ${address} closed twice`;
        state.closed.add(address);
        // The fee ceiling is measured on what is not the wrapped amount, as the chain holds it now.
        return { returns: own.snapshot.lamports, feeBase: own.snapshot.lamports - own.head.amount };
      },
    },
  ],
};
