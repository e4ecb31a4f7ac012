// OpenBook v2 open-orders accounts the wallet owns, listed as one item, its indexer: the empty accounts close together
// in one transaction, because each close shrinks that indexer. An empty one is closed whole: close_open_orders_account requires
// the owner's signature and an empty position, removes the account from the wallet's indexer and sends all its
// lamports to the destination (openbook-v2 programs/openbook-v2/src/instructions/close_open_orders_account.rs,
// accounts_ix/close_open_orders_account.rs: `has_one = owner`, `close = sol_destination`). The indexer shrinks by one
// key on the way, and Anchor moves the rent it no longer needs to the same destination (anchor-lang
// lang/syn/src/codegen/accounts/constraints.rs `generate_constraint_realloc`: lamports − rent(new space)). When the
// account is the indexer's last, the same transaction closes the indexer too (close_open_orders_indexer.rs: no
// address left, `close = sol_destination`). An account holding funds is listed and left alone: settle_funds needs the
// market's vaults and the wallet's token accounts (accounts_ix/settle_funds.rs), which this source does not build.
import type { RecoveryRpc, RecoverySource, ScannedItem } from '../../source';
import { at, memcmpKey, n, programAccounts, sameBytes, type ProgramAccount } from '../../source';
import type { ChainFacts, TransactionState } from '../../../chainRules';
import type { DecodedInstruction } from '../../../decode';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../../common/addresses';
import {
  indexerSpace,
  OPENBOOK_V2_PROGRAM,
  readV2Indexer,
  readV2OpenOrders,
  V2_CLOSE_ACCOUNT_DATA,
  V2_CLOSE_INDEXER_DATA,
  V2_OPEN_ORDERS_SIZE,
  V2_OWNER_OFFSET,
  v2CloseAccountIx,
  v2CloseIndexerIx,
  v2IndexerOf,
} from './layout';

const CU_PER_CLOSE = 15_000; // an Anchor instruction with a realloc: ≈ 10k on mainnet
/** Closes one item (one transaction) carries: the rest are listed again once these are gone. */
const MAX_CLOSES = 8;

/** What the scan says of an item (worded in src/common/texts). */
export type OpenbookV2Detail = { about: 'openbookV2Empty'; accounts: number } | { about: 'openbookV2Funds' };

const ownOpenOrders = (a: ProgramAccount, owner: string) => {
  const oo = readV2OpenOrders(a.data);
  return oo?.owner === owner ? oo : null;
};

async function accountOf(rpc: RecoveryRpc, address: string): Promise<ProgramAccount | null> {
  const r = await rpc.call<{ value: { lamports: number; owner: string; data: [string, string] } | null }>(
    'getAccountInfo',
    [address, { encoding: 'base64', commitment: 'confirmed' }],
  );
  if (!r?.value || r.value.owner !== OPENBOOK_V2_PROGRAM) return null;
  return { address, lamports: BigInt(r.value.lamports), data: Uint8Array.from(Buffer.from(r.value.data[0], 'base64')) };
}

/** Rent of `bytes` at the rate of an account of `size` whose minimum is `minimum` (rent is linear in the size). */
const rentAt = (minimum: bigint, size: number, bytes: number) => (minimum * BigInt(128 + bytes)) / BigInt(128 + size);

/**
 * What the indexer gives back when `address` leaves it, after the request's earlier closes: the shrink's excess, and
 * the rest of its rent when it is then empty and closed. Null when the indexer does not list `address`.
 */
function indexerReturn(indexer: string, address: string, facts: ChainFacts, state: TransactionState) {
  const snapshot = facts.account(indexer);
  const entries = snapshot?.owner === OPENBOOK_V2_PROGRAM ? readV2Indexer(snapshot.data) : null;
  const minimum = facts.rentMinimum?.(indexer) ?? null;
  if (!snapshot || !entries?.includes(address) || minimum === null) return null;
  const size = snapshot.data.length;
  const before = entries.filter((e) => state.closed.has(e)).length;
  // After a first shrink the indexer holds exactly the rent of its new size (the excess went to the destination).
  const now = before === 0 ? snapshot.lamports : rentAt(minimum, size, indexerSpace(entries.length - before));
  const after = rentAt(minimum, size, indexerSpace(entries.length - before - 1));
  return now > after ? now - after : 0n;
}

function checkCloseAccount(ix: DecodedInstruction, facts: ChainFacts, state: TransactionState) {
  const address = at(ix, 2);
  const snapshot = facts.account(address);
  const oo = snapshot?.owner === OPENBOOK_V2_PROGRAM ? readV2OpenOrders(snapshot.data) : null;
  if (!snapshot || !oo) return `${address} is not an OpenBook v2 open-orders account`;
  if (oo.owner !== facts.owner) return `open-orders account ${address} is not the owner's`;
  if (!oo.empty) return `open-orders account ${address} still holds funds`;
  if (at(ix, 1) !== v2IndexerOf(facts.owner)) return `open-orders close names indexer ${at(ix, 1)}, not the owner's`;
  const shrink = indexerReturn(at(ix, 1), address, facts, state);
  if (shrink === null) return `the owner's indexer does not list ${address}`;
  if (state.closed.has(address)) return `open-orders account ${address} closed twice`;
  state.closed.add(address);
  const returns = snapshot.lamports + shrink;
  return { returns, feeBase: returns };
}

function checkCloseIndexer(ix: DecodedInstruction, facts: ChainFacts, state: TransactionState) {
  const indexer = at(ix, 1);
  const snapshot = facts.account(indexer);
  const entries = snapshot?.owner === OPENBOOK_V2_PROGRAM ? readV2Indexer(snapshot.data) : null;
  const minimum = facts.rentMinimum?.(indexer) ?? null;
  if (!snapshot || !entries || indexer !== v2IndexerOf(facts.owner) || minimum === null)
    return `${indexer} is not the owner's OpenBook v2 indexer`;
  // close_open_orders_indexer.rs: IndexerActiveOO while any address is left.
  if (!entries.every((e) => state.closed.has(e))) return `indexer ${indexer} still lists open-orders accounts`;
  const returns = entries.length === 0 ? snapshot.lamports : rentAt(minimum, snapshot.data.length, indexerSpace(0));
  return { returns, feeBase: returns };
}

export const openbookV2Source: RecoverySource<'openbookV2', OpenbookV2Detail> = {
  kind: 'openbookV2',
  flow: 'recover',
  scanCalls: `getProgramAccounts(OpenBook v2, dataSize ${V2_OPEN_ORDERS_SIZE}, memcmp owner @${V2_OWNER_OFFSET}); getAccountInfo(the wallet's indexer)`,
  async scan(ctx) {
    const indexerAddress = v2IndexerOf(ctx.owner);
    const [accounts, indexer] = await Promise.all([
      programAccounts(ctx.rpc, OPENBOOK_V2_PROGRAM, [
        { dataSize: V2_OPEN_ORDERS_SIZE },
        memcmpKey(V2_OWNER_OFFSET, ctx.owner),
      ]),
      accountOf(ctx.rpc, indexerAddress),
    ]);
    const entries = indexer ? (readV2Indexer(indexer.data) ?? []) : [];
    // The close needs the account in the indexer (close_open_orders_account.rs finds its position there).
    const mine = accounts.flatMap((a) => {
      const oo = ownOpenOrders(a, ctx.owner);
      return oo && entries.includes(a.address) ? [{ ...a, empty: oo.empty }] : [];
    });
    const held = mine.filter((a) => !a.empty);
    const empty = mine.filter((a) => a.empty).slice(0, MAX_CLOSES);
    const items: ScannedItem<OpenbookV2Detail>[] = held.map((a) => ({
      kind: 'openbookV2' as const,
      address: a.address,
      lamports: n(a.lamports),
      rentLamports: 0,
      recoverableLamports: 0,
      state: 'left-alone' as const,
      optIn: false,
      detail: { about: 'openbookV2Funds' as const },
    }));
    if (!indexer || empty.length === 0) return items;
    // One item, one transaction: the closes shrink one indexer, and a transaction measures them in order.
    const closesIndexer = empty.length === entries.length;
    const left = closesIndexer ? 0n : await ctx.rentMinimum(indexerSpace(entries.length - empty.length));
    const fromIndexer = indexer.lamports > left ? indexer.lamports - left : 0n;
    const back = empty.reduce((total, a) => total + a.lamports, fromIndexer);
    items.push({
      kind: 'openbookV2' as const,
      address: indexerAddress,
      planAccounts: [...empty.map((a) => a.address), ...(closesIndexer ? [indexerAddress] : [])],
      lamports: n(indexer.lamports),
      rentLamports: n(back),
      recoverableLamports: n(back),
      state: 'ready' as const,
      optIn: false,
      detail: { about: 'openbookV2Empty' as const, accounts: empty.length },
    });
    return items;
  },
  plan(item, owner) {
    if (item.state !== 'ready' || item.address !== v2IndexerOf(owner)) return null;
    const closes = (item.planAccounts ?? []).filter((a) => a !== item.address);
    const closesIndexer = item.planAccounts?.includes(item.address) ?? false;
    return {
      action: 'close',
      instructions: [
        ...closes.map((a) => v2CloseAccountIx(owner, a)),
        ...(closesIndexer ? [v2CloseIndexerIx(owner)] : []),
      ],
      computeUnits: CU_PER_CLOSE * (closes.length + (closesIndexer ? 1 : 0)),
      lamportsBack: BigInt(item.recoverableLamports),
      feeBase: BigInt(item.recoverableLamports),
    };
  },
  staticRules: {
    [OPENBOOK_V2_PROGRAM]: (ix, owner, allowed) => {
      const signed = at(ix, 0) === owner && ix.accounts[0]?.isSigner;
      const ownIndexer = at(ix, 1) === v2IndexerOf(owner);
      if (sameBytes(ix.data, V2_CLOSE_ACCOUNT_DATA)) {
        if (ix.accounts.length !== 5 || at(ix, 4) !== SYSTEM_PROGRAM) return 'OpenBook v2 close of an unexpected shape';
        // The ticked item is the wallet's indexer: its empty accounts close with it (the chain rule reads each).
        if (!ownIndexer) return `open-orders close names indexer ${at(ix, 1)}, not the owner's`;
        if (!allowed.has(at(ix, 1))) return `close of open-orders accounts not selected: ${at(ix, 2)}`;
        if (at(ix, 3) !== owner) return `open-orders close pays ${at(ix, 3)}, not the owner`;
        return signed ? null : 'open-orders owner is not the signer';
      }
      if (sameBytes(ix.data, V2_CLOSE_INDEXER_DATA)) {
        if (ix.accounts.length !== 4 || at(ix, 3) !== TOKEN_PROGRAM) return 'OpenBook v2 close of an unexpected shape';
        if (!ownIndexer || !allowed.has(at(ix, 1))) return `close of an indexer not selected: ${at(ix, 1)}`;
        if (at(ix, 2) !== owner) return `indexer close pays ${at(ix, 2)}, not the owner`;
        return signed ? null : 'indexer owner is not the signer';
      }
      return 'OpenBook v2 instruction other than a close';
    },
  },
  chainRules: [
    {
      name: 'OpenBook v2 open-orders close',
      matches: (ix) => ix.programId === OPENBOOK_V2_PROGRAM && sameBytes(ix.data, V2_CLOSE_ACCOUNT_DATA),
      reads: (ix) => [at(ix, 2)],
      alsoReads: (ix) => [at(ix, 1)],
      rentFor: (ix) => [at(ix, 1)],
      check: checkCloseAccount,
    },
    {
      name: 'OpenBook v2 indexer close',
      matches: (ix) => ix.programId === OPENBOOK_V2_PROGRAM && sameBytes(ix.data, V2_CLOSE_INDEXER_DATA),
      reads: (ix) => [at(ix, 1)],
      rentFor: (ix) => [at(ix, 1)],
      check: checkCloseIndexer,
    },
  ],
};
