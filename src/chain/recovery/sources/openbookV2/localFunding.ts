// Local funding of the OpenBook v2 source: the wallet's indexer and an open-orders account listed in it, written
// directly (the emulated program has no create instructions) at their mainnet sizes: 1,264 bytes (9,688,320
// lamports at 6,960 per byte) and the indexer's 49 (1,231,920). `withFunds` leaves quote tokens free on the account.
import { Keypair, PublicKey } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk } from '../../../../../backend/localnet/fund/tx';
import {
  indexerSpace,
  OPENBOOK_V2_PROGRAM,
  readV2Indexer,
  V2_INDEXER_DISCRIMINATOR,
  V2_OPEN_ORDERS_DISCRIMINATOR,
  V2_OPEN_ORDERS_SIZE,
  v2IndexerOf,
} from './layout';

const FUNDED_QUOTE = 2_000_000n;
const seeded = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, new PublicKey(OPENBOOK_V2_PROGRAM));

/** One more open-orders account of the wallet, listed in its indexer (made on the first); returns both. */
export function fundOpenOrdersV2(env: FundEnv, owner: string, withFunds = false) {
  const { chain } = env;
  const indexer = v2IndexerOf(owner);
  const existing = chain.getAccount(indexer);
  const listed = existing ? (readV2Indexer(existing.data) ?? []) : [];
  const counter = existing ? Buffer.from(existing.data).readUInt32LE(9) + 1 : 1;
  const num = Buffer.alloc(4);
  num.writeUInt32LE(counter);
  const [address, bump] = seeded([Buffer.from('OpenOrders'), pk(owner).toBuffer(), num]);
  const oo = Buffer.alloc(V2_OPEN_ORDERS_SIZE);
  oo.set(V2_OPEN_ORDERS_DISCRIMINATOR);
  pk(owner).toBuffer().copy(oo, 8);
  Keypair.generate().publicKey.toBuffer().copy(oo, 40); // market
  oo.writeUInt32LE(counter, 136); // account_num
  oo[140] = bump;
  oo[141] = 1; // version
  for (let i = 0; i < 24; i++) oo[304 + 40 * i + 32] = 1; // OpenOrder.is_free
  if (withFunds) oo.writeBigUInt64LE(FUNDED_QUOTE, 168); // position.quote_free_native
  chain.setAccount(address.toBase58(), { lamports: chain.rent(oo.length), data: oo, owner: OPENBOOK_V2_PROGRAM });

  const [, indexerBump] = seeded([Buffer.from('OpenOrdersIndexer'), pk(owner).toBuffer()]);
  const entries = [...listed, address.toBase58()];
  const idx = Buffer.alloc(indexerSpace(entries.length));
  idx.set(V2_INDEXER_DISCRIMINATOR);
  idx[8] = indexerBump;
  idx.writeUInt32LE(counter, 9); // created_counter
  idx.writeUInt32LE(entries.length, 13);
  entries.forEach((e, i) =>
    pk(e)
      .toBuffer()
      .copy(idx, 17 + 32 * i),
  );
  chain.setAccount(indexer, { lamports: chain.rent(idx.length), data: idx, owner: OPENBOOK_V2_PROGRAM });
  return { openOrders: address.toBase58(), indexer };
}
