// OpenBook v2 open-orders accounts and their indexer, as the program lays them out (openbook-dex/openbook-v2,
// programs/openbook-v2/src/state/open_orders_account.rs `OpenOrdersAccount`, zero-copy after Anchor's 8-byte
// discriminator: owner @8, market @40, name @72, delegate @104, account_num @136, bump @140, version @141,
// Position @144 { bids_base_lots i64 @144, asks_base_lots @152, base_free_native @160, quote_free_native @168,
// locked_maker_fees @176, referrer_rebates_available @184, penalty_heap_count @192, maker/taker volume, bids_quote_lots
// @232 }, open_orders @304: 1,264 bytes) and state/open_orders_indexer.rs `OpenOrdersIndexer` (Borsh: bump @8,
// created_counter u32 @9, addresses Vec<Pubkey> length @13, keys from @17; space(len) = 17 + 32·len).
import bs58 from 'bs58';
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../../common/addresses';

export const OPENBOOK_V2_PROGRAM = 'opnb2LAfJYbRMAHHvqjCwQxanZn7ReEHp1k81EohpZb';
export const V2_OPEN_ORDERS_SIZE = 1_264;
export const V2_OWNER_OFFSET = 8;
export const indexerSpace = (entries: number): number => 17 + 32 * entries;

// Anchor discriminators: sha256("account:<Name>")[..8] and sha256("global:<instruction>")[..8].
export const V2_OPEN_ORDERS_DISCRIMINATOR = [255, 194, 78, 123, 16, 105, 208, 165];
export const V2_INDEXER_DISCRIMINATOR = [195, 83, 128, 213, 204, 91, 19, 150];
export const V2_CLOSE_ACCOUNT_DATA = Uint8Array.of(176, 74, 115, 210, 54, 179, 91, 103);
export const V2_CLOSE_INDEXER_DATA = Uint8Array.of(103, 249, 229, 231, 247, 253, 197, 136);

const buf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.length);
export const startsWith = (data: Uint8Array, bytes: ArrayLike<number>): boolean =>
  data.length >= bytes.length && Array.prototype.every.call(bytes, (x: number, i: number) => data[i] === x);

export interface V2OpenOrders {
  owner: string;
  market: string;
  /** Position::is_empty(version): no order lots, no free or locked funds, no rebates, no penalty count. */
  empty: boolean;
}

export function readV2OpenOrders(data: Uint8Array): V2OpenOrders | null {
  if (data.length !== V2_OPEN_ORDERS_SIZE || !startsWith(data, V2_OPEN_ORDERS_DISCRIMINATOR)) return null;
  const b = buf(data);
  const version = data[141];
  // state/open_orders_account.rs `Position::is_empty`: bids_quote_lots counts from version 1 on.
  const words = [144, 152, 160, 168, 176, 184, 192, ...(version === 0 ? [] : [232])];
  return {
    owner: bs58.encode(data.subarray(8, 40)),
    market: bs58.encode(data.subarray(40, 72)),
    empty: words.every((at) => b.readBigUInt64LE(at) === 0n),
  };
}

/** The indexer's open-orders accounts; null when the bytes are not an indexer. */
export function readV2Indexer(data: Uint8Array): string[] | null {
  if (data.length < 17 || !startsWith(data, V2_INDEXER_DISCRIMINATOR)) return null;
  const count = buf(data).readUInt32LE(13);
  if (data.length < indexerSpace(count)) return null;
  return Array.from({ length: count }, (_, i) => bs58.encode(data.subarray(17 + 32 * i, 49 + 32 * i)));
}

/** The wallet's indexer: seeds ["OpenOrdersIndexer", owner] (accounts_ix/close_open_orders_account.rs). */
export const v2IndexerOf = (owner: string): string =>
  PublicKey.findProgramAddressSync(
    [Buffer.from('OpenOrdersIndexer'), new PublicKey(owner).toBuffer()],
    new PublicKey(OPENBOOK_V2_PROGRAM),
  )[0].toBase58();

const meta = (key: string, isSigner: boolean, isWritable: boolean) => ({
  pubkey: new PublicKey(key),
  isSigner,
  isWritable,
});

/** close_open_orders_account: [owner (signer), indexer (w), open orders (w), sol destination (w), system program]. */
export const v2CloseAccountIx = (owner: string, openOrders: string): TransactionInstruction =>
  new TransactionInstruction({
    programId: new PublicKey(OPENBOOK_V2_PROGRAM),
    keys: [
      meta(owner, true, false),
      meta(v2IndexerOf(owner), false, true),
      meta(openOrders, false, true),
      meta(owner, false, true),
      meta(SYSTEM_PROGRAM, false, false),
    ],
    data: Buffer.from(V2_CLOSE_ACCOUNT_DATA),
  });

/** close_open_orders_indexer: [owner (signer), indexer (w), sol destination (w), token program]. */
export const v2CloseIndexerIx = (owner: string): TransactionInstruction =>
  new TransactionInstruction({
    programId: new PublicKey(OPENBOOK_V2_PROGRAM),
    keys: [
      meta(owner, true, false),
      meta(v2IndexerOf(owner), false, true),
      meta(owner, false, true),
      meta(TOKEN_PROGRAM, false, false),
    ],
    data: Buffer.from(V2_CLOSE_INDEXER_DATA),
  });
