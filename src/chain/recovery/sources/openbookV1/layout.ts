// OpenBook v1 (the Serum v3 DEX fork) open-orders accounts, as the program lays them out (openbook-dex/program
// dex/src/state.rs `OpenOrders`, #[repr(packed)], between the 5-byte "serum" head and the 7-byte "padding" tail):
// account_flags u64 @5 (Initialized | OpenOrders = 5), market @13, owner @45, native_coin_free @77,
// native_coin_total @85, native_pc_free @93, native_pc_total @101, free_slot_bits u128 @109 (all ones: no order),
// is_bid_bits @125, orders [u128; 128] @141, client_order_ids [u64; 128] @2189, referrer_rebates_accrued @3213:
// 3,228 bytes. Serum v3 (9xQeW…) and its OpenBook v1 fork (srmqP…) share the layout and the instructions.
// The market (`MarketState`, same head): vault_signer_nonce u64 @45, coin_mint @53, pc_mint @85, coin_vault @117,
// pc_vault @165; its vault signer is create_program_address([market, nonce u64 LE]) (`gen_vault_signer_key`).
import bs58 from 'bs58';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { TOKEN_PROGRAM } from '../../../../common/addresses';

export const OPENBOOK_V1_PROGRAM = 'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX';
export const SERUM_V3_PROGRAM = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
export const V1_PROGRAMS: readonly string[] = [OPENBOOK_V1_PROGRAM, SERUM_V3_PROGRAM];

export const V1_OPEN_ORDERS_SIZE = 3_228;
export const V1_OWNER_OFFSET = 45;
/** dex/src/state.rs `AccountFlag`: Initialized 1, Market 2, OpenOrders 4, Closed 256. */
export const V1_FLAGS = { initialized: 1n, market: 2n, openOrders: 4n, closed: 256n } as const;
const MARKET_OFFSET = 13;
const FREE_SLOTS_OFFSET = 109;
const HEAD = 'serum';

/**
 * CloseOpenOrders: bincode of (version 0u8, MarketInstruction::CloseOpenOrders = variant 14, no fields)
 * (dex/src/instruction.rs `MarketInstruction::pack`, `close_open_orders`).
 */
export const V1_CLOSE_DATA = Uint8Array.of(0, 14, 0, 0, 0);
/** SettleFunds: MarketInstruction variant 5, no fields (dex/src/instruction.rs `settle_funds`). */
export const V1_SETTLE_DATA = Uint8Array.of(0, 5, 0, 0, 0);

export interface V1OpenOrders {
  flags: bigint;
  market: string;
  owner: string;
  baseFree: bigint;
  baseTotal: bigint;
  quoteFree: bigint;
  quoteTotal: bigint;
  /** Some slot holds an order (free_slot_bits is not all ones). */
  hasOrders: boolean;
  referrerRebates: bigint;
}

const buf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.length);

export function readV1OpenOrders(data: Uint8Array): V1OpenOrders | null {
  if (data.length !== V1_OPEN_ORDERS_SIZE || buf(data).toString('latin1', 0, 5) !== HEAD) return null;
  const b = buf(data);
  const free = b.subarray(FREE_SLOTS_OFFSET, FREE_SLOTS_OFFSET + 16);
  return {
    flags: b.readBigUInt64LE(5),
    market: bs58.encode(data.subarray(MARKET_OFFSET, MARKET_OFFSET + 32)),
    owner: bs58.encode(data.subarray(V1_OWNER_OFFSET, V1_OWNER_OFFSET + 32)),
    baseFree: b.readBigUInt64LE(77),
    baseTotal: b.readBigUInt64LE(85),
    quoteFree: b.readBigUInt64LE(93),
    quoteTotal: b.readBigUInt64LE(101),
    hasOrders: free.some((byte) => byte !== 0xff),
    referrerRebates: b.readBigUInt64LE(3_213),
  };
}

/**
 * An open-orders account of the program's own kind (Initialized | OpenOrders) that holds nothing the owner would
 * lose: no order, no base or quote (free or locked: the totals include the free part) and no referrer rebates.
 * The program's close checks the first three (dex/src/state.rs `CloseOpenOrdersArgs::with_parsed_args`:
 * free_slot_bits, native_coin_total, native_pc_total); it would drop the rebates, so they count as funds here.
 */
export const v1IsEmpty = (oo: V1OpenOrders): boolean =>
  !oo.hasOrders && oo.baseTotal === 0n && oo.quoteTotal === 0n && oo.referrerRebates === 0n;

/**
 * Funds a settle empties whole: no order and nothing locked (free equals total), no rebates. SettleFunds sends every
 * free lamport of both tokens to the wallets (dex/src/state.rs `process_settle_funds`).
 */
export const v1Settleable = (oo: V1OpenOrders): boolean =>
  !oo.hasOrders && oo.baseFree === oo.baseTotal && oo.quoteFree === oo.quoteTotal && oo.referrerRebates === 0n;

export const v1IsOpenOrders = (oo: V1OpenOrders): boolean => oo.flags === (V1_FLAGS.initialized | V1_FLAGS.openOrders);

/** CloseOpenOrders: [open orders (w), owner (signer), destination (w), market] (dex/src/instruction.rs). */
export function v1CloseIx(programId: string, openOrders: string, owner: string, market: string) {
  return new TransactionInstruction({
    programId: new PublicKey(programId),
    keys: [
      { pubkey: new PublicKey(openOrders), isSigner: false, isWritable: true },
      { pubkey: new PublicKey(owner), isSigner: true, isWritable: false },
      { pubkey: new PublicKey(owner), isSigner: false, isWritable: true },
      { pubkey: new PublicKey(market), isSigner: false, isWritable: false },
    ],
    data: Buffer.from(V1_CLOSE_DATA),
  });
}

export interface V1Market {
  coinMint: string;
  pcMint: string;
  coinVault: string;
  pcVault: string;
  vaultSigner: string;
}

/** A market of `programId` at `address` (Initialized | Market, its own address inside), or null. */
export function readV1Market(address: string, programId: string, data: Uint8Array): V1Market | null {
  if (data.length < 197 || buf(data).toString('latin1', 0, 5) !== HEAD) return null;
  const flags = buf(data).readBigUInt64LE(5);
  const want = V1_FLAGS.initialized | V1_FLAGS.market;
  if ((flags & want) !== want || bs58.encode(data.subarray(13, 45)) !== address) return null;
  let vaultSigner: string;
  try {
    vaultSigner = PublicKey.createProgramAddressSync(
      [new PublicKey(address).toBuffer(), Buffer.from(data.subarray(45, 53))],
      new PublicKey(programId),
    ).toBase58();
  } catch {
    return null;
  }
  const key = (at: number) => bs58.encode(data.subarray(at, at + 32));
  return { coinMint: key(53), pcMint: key(85), coinVault: key(117), pcVault: key(165), vaultSigner };
}

/**
 * SettleFunds: [market (w), open orders (w), owner (signer), coin vault (w), pc vault (w), coin wallet (w), pc wallet
 * (w), vault signer, token program] (dex/src/instruction.rs `settle_funds`, no referrer).
 */
export function v1SettleIx(
  programId: string,
  openOrders: string,
  owner: string,
  market: string,
  m: Pick<V1Market, 'coinVault' | 'pcVault' | 'vaultSigner'>,
  wallets: { coin: string; pc: string },
) {
  const meta = (key: string, isSigner: boolean, isWritable: boolean) => ({
    pubkey: new PublicKey(key),
    isSigner,
    isWritable,
  });
  return new TransactionInstruction({
    programId: new PublicKey(programId),
    keys: [
      meta(market, false, true),
      meta(openOrders, false, true),
      meta(owner, true, false),
      meta(m.coinVault, false, true),
      meta(m.pcVault, false, true),
      meta(wallets.coin, false, true),
      meta(wallets.pc, false, true),
      meta(m.vaultSigner, false, false),
      meta(TOKEN_PROGRAM, false, false),
    ],
    data: Buffer.from(V1_SETTLE_DATA),
  });
}
