// OpenBook v1 / Serum v3 on the local chain: no registry ships the dex, so its program ids run the SPL Noop program and
// this emulator checks SettleFunds and CloseOpenOrders as the program does (openbook-dex/program dex/src/state.rs):
// - both: the owner signs; the market is the program's (Initialized | Market, `Market::load`); the open-orders account
//   is the program's, of that market and that owner (`load_orders_mut`);
// - SettleFunds (`SettleFundsArgs`, `process_settle_funds`): nine accounts; the vaults and the vault signer are the
//   market's; the wallets are SPL Token accounts of the market's mints; every free unit of both tokens moves from the
//   vaults to the wallets and the free and total amounts drop by it;
// - CloseOpenOrders (`CloseOpenOrdersArgs`, `process_close_open_orders`): four accounts; no order and zero base and
//   quote totals (after a settle earlier in the transaction); every lamport to the destination.
import type { Chain } from '../../../../../backend/localnet/chain';
import {
  creditLamports,
  EmulatedProgramError,
  type EmulatedInstruction,
} from '../../../../../backend/localnet/emulated/types';
import { claim } from '../../../../../backend/localnet/metaplex/emulators/claims';
import type { LocalPrograms } from '../../../../../backend/localnet/fund/recovery';
import { TOKEN_PROGRAM } from '../../../../common/addresses';
import { readTokenAccountHead } from '../../../tokenAccountData';
import { sameBytes } from '../../source';
import {
  readV1Market,
  readV1OpenOrders,
  V1_CLOSE_DATA,
  V1_PROGRAMS,
  V1_SETTLE_DATA,
  v1IsOpenOrders,
  type V1Market,
} from './layout';

// dex/src/error.rs DexErrorCode
const E = {
  InvalidMarketFlags: 0,
  WrongCoinVault: 6,
  WrongPcVault: 7,
  WrongMint: 22,
  BadVaultSignerNonce: 33,
  InsufficientFunds: 34,
  TooManyOpenOrders: 42,
  WrongOrdersAccount: 45,
  InvalidArgument: 1000,
} as const;
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated OpenBook v1: ${msg}`);

/** Open-orders accounts settled by an earlier instruction of the same transaction run (applied only afterwards). */
const settledInRun = new WeakMap<Set<string>, Set<string>>();

function load(chain: Chain, programId: string, market: string, openOrders: string, owner: string) {
  const m = chain.getAccount(market);
  const parsed = m?.owner === programId ? readV1Market(market, programId, m.data) : null;
  if (!parsed) throw fail('InvalidMarketFlags', 'not a market');
  const acc = chain.getAccount(openOrders);
  const oo = acc?.owner === programId ? readV1OpenOrders(acc.data) : null;
  if (!acc || !oo || !v1IsOpenOrders(oo)) throw fail('WrongOrdersAccount', 'not an open-orders account');
  if (oo.market !== market || oo.owner !== owner) throw fail('WrongOrdersAccount', 'another market or owner');
  return { market: parsed, oo };
}

function moveTokens(chain: Chain, from: string, to: string, amount: bigint): void {
  for (const [address, delta] of [[from, -amount] as const, [to, amount] as const]) {
    const acc = chain.getAccount(address)!;
    const data = Buffer.from(acc.data);
    data.writeBigUInt64LE(data.readBigUInt64LE(64) + delta, 64);
    chain.setAccount(address, { lamports: acc.lamports, data, owner: acc.owner });
  }
}

function settle(ix: EmulatedInstruction, chain: Chain, signers: Set<string>, programId: string): () => void {
  if (ix.accounts.length !== 9) throw fail('InvalidArgument', 'SettleFunds takes 9 accounts');
  const [market, openOrders, owner, coinVault, pcVault, coinWallet, pcWallet, vaultSigner, token] = ix.accounts;
  if (!signers.has(owner.pubkey)) throw fail('InvalidArgument', 'the owner must sign');
  const { market: m, oo } = load(chain, programId, market.pubkey, openOrders.pubkey, owner.pubkey);
  if (coinVault.pubkey !== m.coinVault) throw fail('WrongCoinVault', 'not the market coin vault');
  if (pcVault.pubkey !== m.pcVault) throw fail('WrongPcVault', 'not the market pc vault');
  if (vaultSigner.pubkey !== m.vaultSigner) throw fail('BadVaultSignerNonce', 'not the vault signer');
  if (token.pubkey !== TOKEN_PROGRAM) throw fail('InvalidArgument', 'not the token program');
  const mintOf = (k: keyof V1Market, address: string) => {
    const acc = chain.getAccount(address);
    const head = acc?.owner === TOKEN_PROGRAM ? readTokenAccountHead(acc.data) : null;
    if (head?.mint !== m[k]) throw fail('WrongMint', `${address} is not an account of the market's mint`);
    return head.amount;
  };
  mintOf('coinMint', coinWallet.pubkey);
  mintOf('pcMint', pcWallet.pubkey);
  if (mintOf('coinMint', coinVault.pubkey) < oo.baseFree || mintOf('pcMint', pcVault.pubkey) < oo.quoteFree)
    throw fail('InsufficientFunds', 'the vaults hold less than the account');
  let settled = settledInRun.get(signers);
  if (!settled) settledInRun.set(signers, (settled = new Set()));
  settled.add(openOrders.pubkey);
  return () => {
    const now = chain.getAccount(openOrders.pubkey)!;
    const fresh = readV1OpenOrders(now.data)!;
    moveTokens(chain, coinVault.pubkey, coinWallet.pubkey, fresh.baseFree);
    moveTokens(chain, pcVault.pubkey, pcWallet.pubkey, fresh.quoteFree);
    const data = Buffer.from(now.data);
    data.writeBigUInt64LE(fresh.baseTotal - fresh.baseFree, 85);
    data.writeBigUInt64LE(fresh.quoteTotal - fresh.quoteFree, 101);
    data.writeBigUInt64LE(0n, 77);
    data.writeBigUInt64LE(0n, 93);
    chain.setAccount(openOrders.pubkey, { lamports: now.lamports, data, owner: now.owner });
  };
}

function close(ix: EmulatedInstruction, chain: Chain, signers: Set<string>, programId: string): () => void {
  if (ix.accounts.length !== 4) throw fail('InvalidArgument', 'CloseOpenOrders takes 4 accounts');
  const [openOrders, owner, destination, market] = ix.accounts;
  if (!signers.has(owner.pubkey)) throw fail('InvalidArgument', 'the owner must sign');
  const { oo } = load(chain, programId, market.pubkey, openOrders.pubkey, owner.pubkey);
  const settled = settledInRun.get(signers)?.has(openOrders.pubkey) ?? false;
  const base = settled ? oo.baseTotal - oo.baseFree : oo.baseTotal;
  const quote = settled ? oo.quoteTotal - oo.quoteFree : oo.quoteTotal;
  if (oo.hasOrders || base !== 0n || quote !== 0n) throw fail('TooManyOpenOrders', 'orders or funds left');
  if (!claim(signers, `openbookV1:${openOrders.pubkey}`)) throw fail('WrongOrdersAccount', 'closed already');
  return () => {
    const now = chain.getAccount(openOrders.pubkey)!;
    creditLamports(chain, destination.pubkey, now.lamports);
    // Marked Closed and emptied: the runtime drops an account left with no lamports.
    chain.setAccount(openOrders.pubkey, { lamports: 0 });
  };
}

export const localPrograms: LocalPrograms = () =>
  V1_PROGRAMS.map((programId) => ({
    programId,
    lamportEffects: true,
    prepare(ix, { chain, signers }) {
      if (sameBytes(ix.data, V1_SETTLE_DATA)) return settle(ix, chain, signers, programId);
      if (sameBytes(ix.data, V1_CLOSE_DATA)) return close(ix, chain, signers, programId);
      throw fail('InvalidArgument', 'only SettleFunds and CloseOpenOrders are emulated');
    },
  }));
