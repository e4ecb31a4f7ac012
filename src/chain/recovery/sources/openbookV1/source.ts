// OpenBook v1 / Serum v3 open-orders accounts the wallet owns, left in wallets of the Raydium-v4 era (0.02335776 SOL
// each at 6,960 per byte). An empty one is closed whole: CloseOpenOrders moves every lamport to the destination and
// marks it Closed (openbook-dex/program dex/src/state.rs `process_close_open_orders`). One holding funds (base or
// quote, free or locked in orders, referrer rebates) is listed and left alone: settling needs the market's vaults,
// its vault signer and the wallet's token accounts for both mints, which this source does not build.
import { at, memcmpKey, n, programAccounts, sameBytes, type RecoverySource } from '../../source';
import {
  readV1OpenOrders,
  V1_CLOSE_DATA,
  V1_OPEN_ORDERS_SIZE,
  V1_OWNER_OFFSET,
  V1_PROGRAMS,
  v1CloseIx,
  v1IsEmpty,
  v1IsOpenOrders,
} from './layout';

const CU_PER_CLOSE = 6_000; // the dex's close parses the market and the account: a few thousand units

/** What the scan says of an item (worded in src/common/texts). */
export type OpenbookV1Detail = { about: 'openbookV1Empty' } | { about: 'openbookV1Funds' };

export const openbookV1Source: RecoverySource<'openbookV1', OpenbookV1Detail> = {
  kind: 'openbookV1',
  flow: 'recover',
  scanCalls: `getProgramAccounts(OpenBook v1 and Serum v3, dataSize ${V1_OPEN_ORDERS_SIZE}, memcmp owner @${V1_OWNER_OFFSET})`,
  async scan(ctx) {
    const found = await Promise.all(
      V1_PROGRAMS.map(async (programId) =>
        (
          await programAccounts(ctx.rpc, programId, [
            { dataSize: V1_OPEN_ORDERS_SIZE },
            memcmpKey(V1_OWNER_OFFSET, ctx.owner),
          ])
        ).map((a) => ({ ...a, programId })),
      ),
    );
    return found.flat().flatMap((a) => {
      const oo = readV1OpenOrders(a.data);
      if (!oo || !v1IsOpenOrders(oo) || oo.owner !== ctx.owner) return [];
      const empty = v1IsEmpty(oo);
      return [
        {
          kind: 'openbookV1' as const,
          address: a.address,
          programId: a.programId,
          planAccounts: [oo.market],
          lamports: n(a.lamports),
          rentLamports: empty ? n(a.lamports) : 0,
          recoverableLamports: empty ? n(a.lamports) : 0,
          state: empty ? ('ready' as const) : ('left-alone' as const),
          optIn: false,
          detail: { about: empty ? ('openbookV1Empty' as const) : ('openbookV1Funds' as const) },
        },
      ];
    });
  },
  plan(item, owner) {
    const market = item.planAccounts?.[0];
    if (item.state !== 'ready' || !item.programId || !market) return null;
    return {
      action: 'close',
      instructions: [v1CloseIx(item.programId, item.address, owner, market)],
      computeUnits: CU_PER_CLOSE,
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: Object.fromEntries(
    V1_PROGRAMS.map((programId) => [
      programId,
      (ix, owner, allowed) => {
        if (!sameBytes(ix.data, V1_CLOSE_DATA)) return 'OpenBook v1 instruction other than CloseOpenOrders';
        if (ix.accounts.length !== 4) return 'OpenBook v1 close of an unexpected shape';
        if (!allowed.has(at(ix, 0))) return `close of an open-orders account not selected: ${at(ix, 0)}`;
        if (at(ix, 2) !== owner) return `open-orders close pays ${at(ix, 2)}, not the owner`;
        return at(ix, 1) === owner && ix.accounts[1]?.isSigner ? null : 'open-orders owner is not the signer';
      },
    ]),
  ),
  chainRules: [
    {
      name: 'OpenBook v1 open-orders close',
      matches: (ix) => V1_PROGRAMS.includes(ix.programId) && sameBytes(ix.data, V1_CLOSE_DATA),
      reads: (ix) => [at(ix, 0)],
      check(ix, facts, state) {
        const address = at(ix, 0);
        const snapshot = facts.account(address);
        const oo = snapshot?.owner === ix.programId ? readV1OpenOrders(snapshot.data) : null;
        if (!snapshot || !oo || !v1IsOpenOrders(oo))
          return `${address} is not an open-orders account of ${ix.programId}`;
        if (oo.owner !== facts.owner) return `open-orders account ${address} is not the owner's`;
        // The program refuses another market (dex/src/state.rs `load_orders_mut`): the page refuses it first.
        if (oo.market !== at(ix, 3))
          return `open-orders close names market ${at(ix, 3)}, the account trades on ${oo.market}`;
        if (!v1IsEmpty(oo)) return `open-orders account ${address} still holds funds`;
        if (state.closed.has(address)) return `open-orders account ${address} closed twice`;
        state.closed.add(address);
        return { returns: snapshot.lamports, feeBase: snapshot.lamports };
      },
    },
  ],
};
