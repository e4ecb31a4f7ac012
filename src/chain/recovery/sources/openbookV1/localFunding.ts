// Local funding of the OpenBook v1 source: a market of the OpenBook v1 program and an open-orders account of the
// wallet on it, written directly (the emulated dex has no InitOpenOrders), at the rent of their mainnet sizes
// (3,228 bytes: 23,357,760 lamports at 6,960 per byte). `withFunds` leaves base tokens on it (left alone by the source).
import { Keypair } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk } from '../../../../../backend/localnet/fund/tx';
import { OPENBOOK_V1_PROGRAM, V1_FLAGS, V1_OPEN_ORDERS_SIZE, V1_OWNER_OFFSET } from './layout';

const MARKET_SIZE = 388; // 5 + MarketState (376) + 7: dex/src/state.rs
const FUNDED_BASE = 1_500_000n;

function padded(size: number, flags: bigint): Buffer {
  const data = Buffer.alloc(size);
  data.write('serum', 0, 'latin1');
  data.write('padding', size - 7, 'latin1');
  data.writeBigUInt64LE(flags, 5);
  return data;
}

/** A market and the wallet's open-orders account on it; returns the open-orders account. */
export function fundOpenOrdersV1(env: FundEnv, owner: string, withFunds = false): string {
  const { chain } = env;
  const market = Keypair.generate().publicKey;
  const m = padded(MARKET_SIZE, V1_FLAGS.initialized | V1_FLAGS.market);
  market.toBuffer().copy(m, 13); // own_address
  chain.setAccount(market.toBase58(), { lamports: chain.rent(MARKET_SIZE), data: m, owner: OPENBOOK_V1_PROGRAM });

  const openOrders = Keypair.generate().publicKey.toBase58();
  const oo = padded(V1_OPEN_ORDERS_SIZE, V1_FLAGS.initialized | V1_FLAGS.openOrders);
  market.toBuffer().copy(oo, 13);
  pk(owner).toBuffer().copy(oo, V1_OWNER_OFFSET);
  oo.fill(0xff, 109, 125); // free_slot_bits: every slot free
  if (withFunds) {
    oo.writeBigUInt64LE(FUNDED_BASE, 77); // native_coin_free
    oo.writeBigUInt64LE(FUNDED_BASE, 85); // native_coin_total
  }
  chain.setAccount(openOrders, { lamports: chain.rent(V1_OPEN_ORDERS_SIZE), data: oo, owner: OPENBOOK_V1_PROGRAM });
  return openOrders;
}
