// Address lookup tables whose authority is the wallet, in two phases: DeactivateLookupTable (instruction 3) now,
// CloseLookupTable (instruction 4: table, authority signer, recipient) once the deactivation slot has left the slot
// hashes (solana-program/address-lookup-table, program/src/processor.rs and state.rs LookupTableMeta::status: the
// table is Deactivated when its deactivation slot is neither the current slot nor in SlotHashes). Listed but left
// alone unless ticked: bots and programs may still use them.
import {
  LOOKUP_TABLE_PROGRAM,
  readLookupTable,
  SLOT_HASHES_ENTRIES,
  TABLE_AUTHORITY_OFFSET,
  TABLE_CLOSE_TAG,
  TABLE_DEACTIVATE_TAG,
  TABLE_META_SIZE,
  tableCloseIx,
  tableDeactivateIx,
} from '../../layouts';
import { at, memcmpBytes, memcmpKey, n, programAccounts, u32At, type RecoverySource } from '../../source';

const CU_PER_ACTION = 5_000; // a BPF program now; ≈ 1.5k measured on LiteSVM

/** The slot from which the close runs: the deactivation slot's place in the slot hashes tells how many remain. */
export function tableReadySlot(deactivationSlot: bigint, currentSlot: number, slotHashes: bigint[]): number | null {
  if (BigInt(currentSlot) === deactivationSlot) return currentSlot + SLOT_HASHES_ENTRIES + 1;
  const position = slotHashes.indexOf(deactivationSlot);
  return position < 0 ? null : currentSlot + SLOT_HASHES_ENTRIES - position;
}

/** What the scan says of an item: which of its two phases can run (worded in src/common/texts). */
export type LookupTableDetail = { about: 'tableActive' | 'tableCooling' | 'tableReady' };

export const lookupTableSource: RecoverySource<'lookupTable', LookupTableDetail> = {
  kind: 'lookupTable',
  flow: 'recover',
  scanCalls: `getProgramAccounts(Address Lookup Table, memcmp Some @21 and authority @${TABLE_AUTHORITY_OFFSET}, dataSlice 0..${TABLE_META_SIZE}); getAccountInfo(SlotHashes) when one is deactivated`,
  async scan(ctx) {
    const accounts = await programAccounts(
      ctx.rpc,
      LOOKUP_TABLE_PROGRAM,
      [memcmpBytes(0, [1, 0, 0, 0]), memcmpBytes(21, [1]), memcmpKey(TABLE_AUTHORITY_OFFSET, ctx.owner)],
      { offset: 0, length: TABLE_META_SIZE },
    );
    const out = [];
    for (const a of accounts) {
      const table = readLookupTable(a.data);
      if (!table || table.authority !== ctx.owner) continue;
      const base = {
        kind: 'lookupTable' as const,
        address: a.address,
        lamports: n(a.lamports),
        rentLamports: n(a.lamports),
        recoverableLamports: n(a.lamports),
        optIn: true,
      };
      if (table.deactivationSlot === null) {
        out.push({ ...base, state: 'deactivate-first' as const, detail: { about: 'tableActive' as const } });
        continue;
      }
      const readySlot = tableReadySlot(table.deactivationSlot, ctx.slot, await ctx.slotHashes());
      out.push(
        readySlot === null
          ? { ...base, state: 'ready' as const, detail: { about: 'tableReady' as const } }
          : { ...base, state: 'cooling-down' as const, readySlot, detail: { about: 'tableCooling' as const } },
      );
    }
    return out;
  },
  plan(item, owner) {
    if (item.state === 'deactivate-first')
      return {
        action: 'deactivate',
        instructions: [tableDeactivateIx(item.address, owner)],
        computeUnits: CU_PER_ACTION,
        lamportsBack: 0n,
        feeBase: 0n,
      };
    if (item.state !== 'ready') return null;
    return {
      action: 'close',
      instructions: [tableCloseIx(item.address, owner)],
      computeUnits: CU_PER_ACTION,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: {
    [LOOKUP_TABLE_PROGRAM]: (ix, owner, allowed) => {
      const tag = u32At(ix.data, 0);
      if ((tag !== TABLE_DEACTIVATE_TAG && tag !== TABLE_CLOSE_TAG) || ix.data.length !== 4)
        return 'lookup-table instruction other than deactivate or close';
      if (!allowed.has(at(ix, 0))) return `lookup table not selected: ${at(ix, 0)}`;
      if (at(ix, 1) !== owner || !ix.accounts[1]?.isSigner) return 'lookup-table authority is not the owner';
      if (tag === TABLE_CLOSE_TAG && at(ix, 2) !== owner) return `table close pays ${at(ix, 2)}, not the owner`;
      return null;
    },
  },
  chainRules: [
    {
      name: 'lookup table deactivate / close',
      matches: (ix) => ix.programId === LOOKUP_TABLE_PROGRAM,
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const snapshot = facts.account(address);
        if (!snapshot || snapshot.owner !== LOOKUP_TABLE_PROGRAM)
          return `lookup table ${address} does not exist on chain`;
        if (readLookupTable(snapshot.data)?.authority !== facts.owner)
          return `lookup table ${address} is not the owner's`;
        if (u32At(ix.data, 0) !== TABLE_CLOSE_TAG) return 0n;
        if (state.closed.has(address)) return `lookup table ${address} closed twice`;
        state.closed.add(address);
        return { returns: snapshot.lamports, feeBase: snapshot.lamports };
      },
    },
  ],
};
