// OpenBook v1 / Serum v3 on the local chain: no registry ships the dex, so its program ids run the SPL Noop program and
// this emulator checks CloseOpenOrders as the program does (openbook-dex/program dex/src/state.rs
// `CloseOpenOrdersArgs::with_parsed_args`, `Market::load`, `load_orders_mut`, `process_close_open_orders`):
// four accounts; the owner signs; the market is the program's (Initialized | Market); the open-orders account is the
// program's, of that market and that owner; no order and zero base and quote totals. Its effect: every lamport to the
// destination, the account marked Closed (the runtime then collects the emptied account).
import bs58 from 'bs58';
import type { Chain } from '../../../../../backend/localnet/chain';
import {
  creditLamports,
  EmulatedProgramError,
  type ProgramEmulator,
} from '../../../../../backend/localnet/emulated/types';
import { claim } from '../../../../../backend/localnet/metaplex/emulators/claims';
import { sameBytes } from '../../source';
import { readV1OpenOrders, V1_CLOSE_DATA, V1_FLAGS, V1_PROGRAMS, v1IsOpenOrders } from './layout';

// dex/src/error.rs DexErrorCode
const E = { InvalidMarketFlags: 0, TooManyOpenOrders: 42, WrongOrdersAccount: 45, InvalidArgument: 1000 } as const;
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated OpenBook v1: ${msg}`);

const isMarket = (chain: Chain, programId: string, market: string): boolean => {
  const m = chain.getAccount(market);
  if (!m || m.owner !== programId || m.data.length < 45) return false;
  const b = Buffer.from(m.data);
  const flags = b.readBigUInt64LE(5);
  return (
    b.toString('latin1', 0, 5) === 'serum' &&
    (flags & (V1_FLAGS.initialized | V1_FLAGS.market)) === (V1_FLAGS.initialized | V1_FLAGS.market) &&
    bs58.encode(m.data.subarray(13, 45)) === market
  );
};

export const openbookV1Emulators = (): ProgramEmulator[] =>
  V1_PROGRAMS.map((programId) => ({
    programId,
    lamportEffects: true,
    prepare(ix, { chain, signers }) {
      if (!sameBytes(ix.data, V1_CLOSE_DATA)) throw fail('InvalidArgument', 'only CloseOpenOrders is emulated');
      if (ix.accounts.length !== 4) throw fail('InvalidArgument', 'CloseOpenOrders takes 4 accounts');
      const [openOrders, owner, destination, market] = ix.accounts;
      if (!signers.has(owner.pubkey)) throw fail('InvalidArgument', 'the owner must sign');
      if (!isMarket(chain, programId, market.pubkey)) throw fail('InvalidMarketFlags', 'not a market');
      const acc = chain.getAccount(openOrders.pubkey);
      const oo = acc?.owner === programId ? readV1OpenOrders(acc.data) : null;
      if (!acc || !oo || !v1IsOpenOrders(oo)) throw fail('WrongOrdersAccount', 'not an open-orders account');
      if (oo.market !== market.pubkey || oo.owner !== owner.pubkey)
        throw fail('WrongOrdersAccount', 'another market or owner');
      if (oo.hasOrders || oo.baseTotal !== 0n || oo.quoteTotal !== 0n)
        throw fail('TooManyOpenOrders', 'orders or funds left');
      if (!claim(signers, `openbookV1:${openOrders.pubkey}`)) throw fail('WrongOrdersAccount', 'closed already');
      return () => {
        const now = chain.getAccount(openOrders.pubkey)!;
        creditLamports(chain, destination.pubkey, now.lamports);
        // Marked Closed (flags = 256) and emptied: the runtime drops an account left with no lamports.
        chain.setAccount(openOrders.pubkey, { lamports: 0 });
      };
    },
  }));
