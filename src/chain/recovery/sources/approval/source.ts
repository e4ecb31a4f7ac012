// Approvals on token accounts that hold a balance (an SPL `Approve` to some program): listed with the delegate and
// the amount, and offered a `Revoke` (instruction 5: source, owner signer), which the owner signs alone. It returns
// no SOL; clean-up tools' users expect it for safety. Empty delegated accounts are the empty-account recovery's:
// CloseAccount ignores a delegate, so they close without a Revoke (see backend/services/vacant/vacantScan.ts).
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../../common/addresses';
import { isTokenProgram } from '../../../keys';
import { readTokenAccountHead } from '../../../tokenAccountData';
import { at, type RecoverySource, type TokenRule } from '../../source';

const REVOKE_TAG = 5;
const CU_PER_REVOKE = 5_000;

interface ParsedTokenAccount {
  pubkey: string;
  account: {
    lamports: number;
    data: {
      parsed: {
        info: {
          owner: string;
          mint: string;
          delegate?: string;
          delegatedAmount?: { amount: string; uiAmountString: string };
          tokenAmount: { amount: string };
        };
      };
    };
  };
}

/** Revoke (5): source (writable), owner (signer); the same in SPL Token and Token-2022. */
function revokeIx(account: string, owner: string, programId: string): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(programId),
    keys: [
      { pubkey: new PublicKey(account), isSigner: false, isWritable: true },
      { pubkey: new PublicKey(owner), isSigner: true, isWritable: false },
    ],
    data: Buffer.from([REVOKE_TAG]),
  });
}

/** Revoke is allowed on the owner's own accounts only: the owner signs, and the source is one the owner listed. */
const checkRevoke: TokenRule = (ix, { owner, allowed }) => {
  if (ix.data.length !== 1 || ix.accounts.length !== 2) return 'revoke of an unexpected shape';
  if (at(ix, 1) !== owner || !ix.accounts[1]?.isSigner) return 'revoke signed by someone other than the owner';
  return allowed.has(at(ix, 0)) ? null : `revoke on an account not selected: ${at(ix, 0)}`;
};

/** What the scan says of an item: the delegate and the amount it may move (worded in src/common/texts). */
export type ApprovalDetail = { about: 'approval'; delegate: string; amount: string };

export const approvalSource: RecoverySource<'approval', ApprovalDetail> = {
  kind: 'approval',
  flow: 'recover',
  scanCalls: 'getTokenAccountsByOwner(owner, SPL Token and Token-2022, jsonParsed)',
  async scan(ctx) {
    const lists = await Promise.all(
      [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((programId) =>
        ctx.rpc.call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [
          ctx.owner,
          { programId },
          { encoding: 'jsonParsed', commitment: 'confirmed' },
        ]),
      ),
    );
    return lists.flatMap((list, i) =>
      (list?.value ?? []).flatMap((a) => {
        const info = a.account.data?.parsed?.info;
        if (!info || info.owner !== ctx.owner || !info.delegate || info.tokenAmount.amount === '0') return [];
        return [
          {
            kind: 'approval' as const,
            address: a.pubkey,
            programId: [TOKEN_PROGRAM, TOKEN_2022_PROGRAM][i],
            lamports: a.account.lamports,
            rentLamports: 0,
            recoverableLamports: 0,
            state: 'ready' as const,
            optIn: true,
            detail: {
              about: 'approval' as const,
              delegate: info.delegate,
              amount: info.delegatedAmount?.uiAmountString ?? '0',
            },
          },
        ];
      }),
    );
  },
  plan(item, owner) {
    return {
      action: 'revoke',
      instructions: [revokeIx(item.address, owner, item.programId ?? TOKEN_PROGRAM)],
      computeUnits: CU_PER_REVOKE,
      lamportsBack: 0n,
      feeBase: 0n,
    };
  },
  staticRules: {},
  tokenRules: { [REVOKE_TAG]: checkRevoke },
  chainRules: [
    {
      name: 'token approval revoke',
      matches: (ix) => isTokenProgram(ix.programId) && ix.data[0] === REVOKE_TAG && ix.data.length === 1,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts) {
        const snapshot = facts.account(at(ix, 0));
        if (!snapshot || snapshot.owner !== ix.programId)
          return `account ${at(ix, 0)} is not held by the token program`;
        const head = readTokenAccountHead(snapshot.data);
        return head?.owner === facts.owner ? 0n : `revoke on ${at(ix, 0)}, which is not the owner's account`;
      },
    },
  ],
};
