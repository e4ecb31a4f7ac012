// Program buffers (BPF Upgradeable Loader `Buffer` state) whose authority is the wallet: the loader's Close
// (instruction 5: buffer, recipient, authority signer) returns the whole balance (solana-program loader-v3
// processor, process_close; verified on LiteSVM 1.5: a 10,037-byte buffer returns 70,748,400 at 6,960 per byte).
// Only Buffer accounts are listed (tag 1 in the filter): ProgramData and Program accounts are never touched.
import {
  BUFFER_AUTHORITY_OFFSET,
  BUFFER_METADATA_SIZE,
  bufferCloseIx,
  LOADER_CLOSE_TAG,
  LOADER_UPGRADEABLE_PROGRAM,
  readBufferAuthority,
} from '../../layouts';
import { at, memcmpBytes, memcmpKey, n, programAccounts, u32At, type RecoverySource } from '../../source';

const CU_PER_CLOSE = 5_000; // the loader is a builtin: ≈ 2.4k measured on LiteSVM

/** What the scan says of an item (worded in src/common/texts). */
export type ProgramBufferDetail = { about: 'buffer' };

export const programBufferSource: RecoverySource<'programBuffer', ProgramBufferDetail> = {
  kind: 'programBuffer',
  flow: 'recover',
  scanCalls: `getProgramAccounts(BPF Upgradeable Loader, memcmp Buffer tag @0 and Some @4, authority @${BUFFER_AUTHORITY_OFFSET}, dataSlice 0..${BUFFER_METADATA_SIZE})`,
  async scan(ctx) {
    // The data slice keeps a 10 MB buffer's bytes on the provider: only the 37-byte header comes back.
    const accounts = await programAccounts(
      ctx.rpc,
      LOADER_UPGRADEABLE_PROGRAM,
      [memcmpBytes(0, [1, 0, 0, 0, 1]), memcmpKey(BUFFER_AUTHORITY_OFFSET, ctx.owner)],
      { offset: 0, length: BUFFER_METADATA_SIZE },
    );
    return accounts
      .filter((a) => readBufferAuthority(a.data) === ctx.owner && a.lamports > 0n)
      .map((a) => ({
        kind: 'programBuffer' as const,
        address: a.address,
        lamports: n(a.lamports),
        rentLamports: n(a.lamports),
        recoverableLamports: n(a.lamports),
        state: 'ready' as const,
        optIn: false,
        detail: { about: 'buffer' as const },
      }));
  },
  plan(item, owner) {
    return {
      action: 'close',
      instructions: [bufferCloseIx(item.address, owner)],
      computeUnits: CU_PER_CLOSE,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: {
    [LOADER_UPGRADEABLE_PROGRAM]: (ix, owner, allowed) => {
      if (u32At(ix.data, 0) !== LOADER_CLOSE_TAG || ix.data.length !== 4) return 'loader instruction other than Close';
      // Three accounts: a fourth would name a program, i.e. the close of a ProgramData account.
      if (ix.accounts.length !== 3) return 'loader Close of something other than a buffer';
      if (!allowed.has(at(ix, 0))) return `close of a buffer not selected: ${at(ix, 0)}`;
      if (at(ix, 1) !== owner) return `buffer close pays ${at(ix, 1)}, not the owner`;
      return at(ix, 2) === owner && ix.accounts[2]?.isSigner ? null : 'buffer authority is not the owner';
    },
  },
  chainRules: [
    {
      name: 'program buffer close',
      matches: (ix) => ix.programId === LOADER_UPGRADEABLE_PROGRAM && u32At(ix.data, 0) === LOADER_CLOSE_TAG,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const snapshot = facts.account(address);
        if (!snapshot || snapshot.owner !== LOADER_UPGRADEABLE_PROGRAM)
          return `buffer ${address} does not exist on chain`;
        if (readBufferAuthority(snapshot.data) !== facts.owner)
          return `account ${address} is not a buffer of the owner`;
        if (state.closed.has(address)) return `buffer ${address} closed twice`;
        state.closed.add(address);
        return { returns: snapshot.lamports, feeBase: snapshot.lamports };
      },
    },
  ],
};
