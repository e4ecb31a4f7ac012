// OpenBook v1 / Serum v3 open-orders accounts the wallet owns, left in wallets of the Raydium-v4 era (0.02335776 SOL
// each at 6,960 per byte). An empty one is closed whole: CloseOpenOrders moves every lamport to the destination and
// marks it Closed (openbook-dex/program dex/src/state.rs `process_close_open_orders`). One holding only free tokens is
// settled first in the same transaction when the wallet has a token account of each of the market's two mints
// (SettleFunds sends every free unit to the wallets: `process_settle_funds`; the market names its vaults and vault
// signer). One with orders, locked funds or referrer rebates, or without those token accounts, is left alone.
import { TOKEN_PROGRAM } from '../../../../common/addresses';
import type { ChainFacts, TransactionState } from '../../../chainRules';
import type { DecodedInstruction } from '../../../decode';
import { ownTokenAccount } from '../../../ownTokenAccount';
import {
  at,
  memcmpKey,
  n,
  programAccounts,
  sameBytes,
  type RecoveryRpc,
  type RecoverySource,
  type ScanContext,
} from '../../source';
import {
  readV1Market,
  readV1OpenOrders,
  type V1Market,
  type V1OpenOrders,
  V1_CLOSE_DATA,
  V1_SETTLE_DATA,
  V1_OPEN_ORDERS_SIZE,
  V1_OWNER_OFFSET,
  V1_PROGRAMS,
  v1CloseIx,
  v1IsEmpty,
  v1IsOpenOrders,
  v1SettleIx,
  v1Settleable,
} from './layout';

const CU_PER_CLOSE = 6_000; // the dex's close parses the market and the account: a few thousand units

/** What the scan says of an item (worded in src/common/texts). */
export type OpenbookV1Detail = {
  about: 'openbookV1Empty' | 'openbookV1Settle' | 'openbookV1Funds' | 'openbookV1NoWallet';
};

async function marketsOf(rpc: RecoveryRpc, addresses: string[]): Promise<Map<string, Uint8Array>> {
  if (addresses.length === 0) return new Map();
  const r = await rpc.call<{ value: ({ data: [string, string]; owner: string } | null)[] }>('getMultipleAccounts', [
    addresses,
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  return new Map(
    addresses.flatMap((a, i) => {
      const v = r?.value?.[i];
      return v ? [[`${v.owner} ${a}`, Uint8Array.from(Buffer.from(v.data[0], 'base64'))] as const] : [];
    }),
  );
}

/** The wallet's SPL Token account of each mint (not frozen), or null when one is missing. */
async function walletsFor(ctx: ScanContext, m: V1Market) {
  const accounts = (await ctx.tokenAccounts()).filter((a) => a.programId === TOKEN_PROGRAM && !a.frozen);
  const coin = accounts.find((a) => a.mint === m.coinMint)?.address;
  const pc = accounts.find((a) => a.mint === m.pcMint)?.address;
  return coin && pc ? { coin, pc } : null;
}

/** What the scan decides for one account: close, settle then close (with the accounts the plan names), or leave. */
async function decide(ctx: ScanContext, programId: string, oo: V1OpenOrders, markets: Map<string, Uint8Array>) {
  if (v1IsEmpty(oo)) return { about: 'openbookV1Empty' as const, planAccounts: [oo.market] };
  if (!v1Settleable(oo)) return { about: 'openbookV1Funds' as const };
  const data = markets.get(`${programId} ${oo.market}`);
  const m = data ? readV1Market(oo.market, programId, data) : null;
  const wallets = m ? await walletsFor(ctx, m) : null;
  if (!m || !wallets) return { about: 'openbookV1NoWallet' as const };
  return {
    about: 'openbookV1Settle' as const,
    planAccounts: [oo.market, m.coinVault, m.pcVault, m.vaultSigner, wallets.coin, wallets.pc],
  };
}

/** The owner's open-orders account of the instruction's program, on `market`, or the reason it is not one. */
function ownOpenOrders(ix: DecodedInstruction, facts: ChainFacts, address: string, market: string) {
  const snapshot = facts.account(address);
  const oo = snapshot?.owner === ix.programId ? readV1OpenOrders(snapshot.data) : null;
  if (!snapshot || !oo || !v1IsOpenOrders(oo)) return `${address} is not an open-orders account of ${ix.programId}`;
  if (oo.owner !== facts.owner) return `open-orders account ${address} is not the owner's`;
  // The program refuses another market (dex/src/state.rs `load_orders_mut`): the page refuses it first.
  if (oo.market !== market) return `open-orders instruction names market ${market}, the account trades on ${oo.market}`;
  return { snapshot, oo };
}

/**
 * SettleFunds moves the account's free tokens to the two wallets it names; the program checks their mints against the
 * market, not their owner (dex/src/state.rs `SettleFundsArgs`: CoinWallet/PcWallet::from_account), so the page checks
 * that both are the owner's token accounts of the market's mints, and that nothing is locked or owed to a referrer.
 */
function checkSettle(ix: DecodedInstruction, facts: ChainFacts, state: TransactionState) {
  const own = ownOpenOrders(ix, facts, at(ix, 1), at(ix, 0));
  if (typeof own === 'string') return own;
  if (!v1Settleable(own.oo)) return `open-orders account ${at(ix, 1)} has orders or locked funds`;
  const market = facts.account(at(ix, 0));
  const m = market?.owner === ix.programId ? readV1Market(at(ix, 0), ix.programId, market.data) : null;
  if (!m) return `${at(ix, 0)} is not a market of ${ix.programId}`;
  if (at(ix, 3) !== m.coinVault || at(ix, 4) !== m.pcVault || at(ix, 7) !== m.vaultSigner)
    return `settle names vaults that are not the market's`;
  for (const [i, mint] of [[5, m.coinMint] as const, [6, m.pcMint] as const]) {
    const wallet = ownTokenAccount(facts, at(ix, i), [TOKEN_PROGRAM]);
    if (typeof wallet === 'string') return `settle into ${wallet}`;
    if (wallet.head.mint !== mint) return `settle into ${at(ix, i)}, an account of another mint`;
  }
  // A later close in the request may find it emptied (as a burn lets a close find a zero balance).
  state.burned.add(at(ix, 1));
  return 0n;
}

function checkClose(ix: DecodedInstruction, facts: ChainFacts, state: TransactionState) {
  const address = at(ix, 0);
  const own = ownOpenOrders(ix, facts, address, at(ix, 3));
  if (typeof own === 'string') return own;
  const settled = state.burned.has(address) && v1Settleable(own.oo);
  if (!v1IsEmpty(own.oo) && !settled) return `open-orders account ${address} still holds funds`;
  if (state.closed.has(address)) return `open-orders account ${address} closed twice`;
  state.closed.add(address);
  return { returns: own.snapshot.lamports, feeBase: own.snapshot.lamports };
}

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
    const listed = found.flat().flatMap((a) => {
      const oo = readV1OpenOrders(a.data);
      return oo && v1IsOpenOrders(oo) && oo.owner === ctx.owner ? [{ ...a, oo }] : [];
    });
    const markets = await marketsOf(ctx.rpc, [
      ...new Set(listed.filter((a) => !v1IsEmpty(a.oo) && v1Settleable(a.oo)).map((a) => a.oo.market)),
    ]);
    return Promise.all(
      listed.map(async (a) => {
        const { about, planAccounts } = await decide(ctx, a.programId, a.oo, markets);
        const ready = planAccounts !== undefined;
        return {
          kind: 'openbookV1' as const,
          address: a.address,
          programId: a.programId,
          ...(ready ? { planAccounts } : {}),
          lamports: n(a.lamports),
          rentLamports: ready ? n(a.lamports) : 0,
          recoverableLamports: ready ? n(a.lamports) : 0,
          state: ready ? ('ready' as const) : ('left-alone' as const),
          optIn: false,
          detail: { about },
        };
      }),
    );
  },
  plan(item, owner) {
    const [market, coinVault, pcVault, vaultSigner, coin, pc] = item.planAccounts ?? [];
    if (item.state !== 'ready' || !item.programId || !market) return null;
    const settle = pc
      ? [v1SettleIx(item.programId, item.address, owner, market, { coinVault, pcVault, vaultSigner }, { coin, pc })]
      : [];
    return {
      action: 'close',
      instructions: [...settle, v1CloseIx(item.programId, item.address, owner, market)],
      computeUnits: CU_PER_CLOSE * (settle.length + 1),
      lamportsBack: BigInt(item.lamports),
      feeBase: BigInt(item.lamports),
    };
  },
  staticRules: Object.fromEntries(
    V1_PROGRAMS.map((programId) => [
      programId,
      (ix, owner, allowed) => {
        const settle = sameBytes(ix.data, V1_SETTLE_DATA);
        if (!settle && !sameBytes(ix.data, V1_CLOSE_DATA))
          return 'OpenBook v1 instruction other than a settle or close';
        const [oo, signer] = settle ? [1, 2] : [0, 1];
        if (ix.accounts.length !== (settle ? 9 : 4)) return 'OpenBook v1 instruction of an unexpected shape';
        if (!allowed.has(at(ix, oo))) return `open-orders account not selected: ${at(ix, oo)}`;
        if (settle && at(ix, 8) !== TOKEN_PROGRAM) return 'OpenBook v1 settle through another token program';
        if (!settle && at(ix, 2) !== owner) return `open-orders close pays ${at(ix, 2)}, not the owner`;
        return at(ix, signer) === owner && ix.accounts[signer]?.isSigner ? null : 'open-orders owner is not the signer';
      },
    ]),
  ),
  chainRules: [
    {
      name: 'OpenBook v1 settle',
      matches: (ix) => V1_PROGRAMS.includes(ix.programId) && sameBytes(ix.data, V1_SETTLE_DATA),
      reads: (ix) => [at(ix, 1)],
      alsoReads: (ix) => [at(ix, 0), at(ix, 5), at(ix, 6)],
      check: checkSettle,
    },
    {
      name: 'OpenBook v1 open-orders close',
      matches: (ix) => V1_PROGRAMS.includes(ix.programId) && sameBytes(ix.data, V1_CLOSE_DATA),
      reads: (ix) => [at(ix, 0)],
      check: checkClose,
    },
  ],
};
