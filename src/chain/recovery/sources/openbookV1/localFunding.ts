// Local funding of the OpenBook v1 source: a market of the OpenBook v1 program and an open-orders account of the
// wallet on it, written directly (the emulated dex has no InitOpenOrders), at the rent of their mainnet sizes
// (3,228 bytes: 23,357,760 lamports at 6,960 per byte). `free`: base and quote tokens free to withdraw, in the
// market's vaults (two SPL mints), with the wallet's token accounts of both mints (settled, then closed);
// `locked`: base tokens locked in an order's total (left alone).
import { Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_PROGRAM } from '../../../../common/addresses';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk } from '../../../../../backend/localnet/fund/tx';
import { OPENBOOK_V1_PROGRAM, V1_FLAGS, V1_OPEN_ORDERS_SIZE, V1_OWNER_OFFSET } from './layout';

const MARKET_SIZE = 388; // 5 + MarketState (376) + 7: dex/src/state.rs
export const FUNDED_BASE = 1_500_000n;
export const FUNDED_QUOTE = 2_500_000n;

function padded(size: number, flags: bigint): Buffer {
  const data = Buffer.alloc(size);
  data.write('serum', 0, 'latin1');
  data.write('padding', size - 7, 'latin1');
  data.writeBigUInt64LE(flags, 5);
  return data;
}

/** An SPL mint of `supply` (82 bytes: no authority, 6 decimals, initialised). */
function writeMint(env: FundEnv, supply: bigint): PublicKey {
  const mint = Keypair.generate().publicKey;
  const data = Buffer.alloc(82);
  data.writeBigUInt64LE(supply, 36);
  data[44] = 6;
  data[45] = 1;
  env.chain.setAccount(mint.toBase58(), { lamports: env.chain.rent(82), data, owner: TOKEN_PROGRAM });
  return mint;
}

/** An SPL token account (165 bytes, initialised). */
function writeTokenAccount(env: FundEnv, mint: PublicKey, owner: PublicKey, amount: bigint): PublicKey {
  const account = Keypair.generate().publicKey;
  const data = Buffer.alloc(165);
  mint.toBuffer().copy(data, 0);
  owner.toBuffer().copy(data, 32);
  data.writeBigUInt64LE(amount, 64);
  data[108] = 1;
  env.chain.setAccount(account.toBase58(), { lamports: env.chain.rent(165), data, owner: TOKEN_PROGRAM });
  return account;
}

/** The first nonce whose [market, nonce] is off the curve: the market's vault signer (`gen_vault_signer_key`). */
function vaultSigner(market: PublicKey): [PublicKey, bigint] {
  for (let nonce = 0n; ; nonce++) {
    const le = Buffer.alloc(8);
    le.writeBigUInt64LE(nonce);
    try {
      return [PublicKey.createProgramAddressSync([market.toBuffer(), le], pk(OPENBOOK_V1_PROGRAM)), nonce];
    } catch {
      // on the curve: the next nonce
    }
  }
}

/** A market and the wallet's open-orders account on it; returns the open-orders account. */
export function fundOpenOrdersV1(env: FundEnv, owner: string, funds: 'none' | 'free' | 'locked' = 'none'): string {
  const { chain } = env;
  const market = Keypair.generate().publicKey;
  const [signer, nonce] = vaultSigner(market);
  const m = padded(MARKET_SIZE, V1_FLAGS.initialized | V1_FLAGS.market);
  market.toBuffer().copy(m, 13); // own_address
  m.writeBigUInt64LE(nonce, 45);
  if (funds === 'free') {
    const [coin, pc] = [writeMint(env, FUNDED_BASE), writeMint(env, FUNDED_QUOTE)];
    coin.toBuffer().copy(m, 53);
    pc.toBuffer().copy(m, 85);
    writeTokenAccount(env, coin, signer, FUNDED_BASE).toBuffer().copy(m, 117);
    writeTokenAccount(env, pc, signer, FUNDED_QUOTE).toBuffer().copy(m, 165);
    writeTokenAccount(env, coin, pk(owner), 0n);
    writeTokenAccount(env, pc, pk(owner), 0n);
  }
  chain.setAccount(market.toBase58(), { lamports: chain.rent(MARKET_SIZE), data: m, owner: OPENBOOK_V1_PROGRAM });

  const openOrders = Keypair.generate().publicKey.toBase58();
  const oo = padded(V1_OPEN_ORDERS_SIZE, V1_FLAGS.initialized | V1_FLAGS.openOrders);
  market.toBuffer().copy(oo, 13);
  pk(owner).toBuffer().copy(oo, V1_OWNER_OFFSET);
  oo.fill(0xff, 109, 125); // free_slot_bits: every slot free
  if (funds === 'free') {
    oo.writeBigUInt64LE(FUNDED_BASE, 77); // native_coin_free
    oo.writeBigUInt64LE(FUNDED_BASE, 85); // native_coin_total
    oo.writeBigUInt64LE(FUNDED_QUOTE, 93); // native_pc_free
    oo.writeBigUInt64LE(FUNDED_QUOTE, 101); // native_pc_total
  }
  if (funds === 'locked') oo.writeBigUInt64LE(FUNDED_BASE, 85); // native_coin_total: locked in an order
  chain.setAccount(openOrders, { lamports: chain.rent(V1_OPEN_ORDERS_SIZE), data: oo, owner: OPENBOOK_V1_PROGRAM });
  return openOrders;
}
