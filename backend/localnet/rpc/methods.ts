// The Solana JSON-RPC methods a stock web3.js 1.x Connection and the wallet adapters use, answered from the Chain.
import bs58 from 'bs58';
import { VersionedMessage } from '@solana/web3.js';
import type { Chain } from '../chain';
import type { TxResult } from '../chainTypes';
import type { FaultState } from '../faults';
import { messageFee } from '../fees';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { RpcError } from '../txErrors';
import { checkEncoding, encodeAccount, mintDecimalsReader, tokenAmountFor, type AccountConfig } from './accounts';
import { addressParam, asArray, configParam, intParam, invalidParams } from './params';
import { tokenAccountKind, uiAmount } from './tokenParse';
import { programAccounts, type ProgramAccountsConfig } from './programAccounts';
import { getTransaction } from './transactions';
import { tokenLargestAccounts } from './tokenLargest';
import { TokenIndex } from '../metaplex/tokenIndex';
import { simulateErrorMessage } from './errorMessages';

export type RpcMethod = (params: unknown) => unknown;
export const API_VERSION = '2.2.0';
const GENESIS_HASH = 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69Xm1ZE3MEE6JC';

export function solanaMethods(chain: Chain, faults: FaultState): Record<string, RpcMethod> {
  const tokenIndex = new TokenIndex(chain); // token accounts by owner, kept current from the chain's change events
  const ctx = <T>(value: T) => ({ context: { apiVersion: API_VERSION, slot: chain.slot() }, value });

  const rawTx = (p: unknown[]): { bytes: Uint8Array; config: Record<string, unknown> } => {
    const config = configParam<Record<string, unknown>>(p[1]);
    const enc = (config.encoding as string | undefined) ?? 'base58';
    if (typeof p[0] !== 'string') throw invalidParams('expected an encoded transaction');
    let bytes: Uint8Array;
    if (enc === 'base64') bytes = Buffer.from(p[0], 'base64');
    else if (enc === 'base58') {
      try {
        bytes = bs58.decode(p[0]);
      } catch {
        throw invalidParams('invalid base58 encoding');
      }
    } else throw invalidParams(`unsupported encoding: ${enc}. Supported encodings: base58, base64`);
    return { bytes, config };
  };

  const tokenAccount = (pubkey: string) => {
    const acc = chain.getAccount(pubkey);
    if (!acc || tokenAccountKind(acc) !== 'account') throw invalidParams('could not find account');
    return acc;
  };

  return {
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => GENESIS_HASH,
    getHealth: () => 'ok',
    getIdentity: () => ({ identity: '11111111111111111111111111111111' }),
    getSlot: () => chain.slot(),
    getBlockHeight: () => chain.blockHeight(),
    getTransactionCount: () => chain.statuses.size,
    getEpochInfo: () => {
      const slot = chain.slot();
      return {
        absoluteSlot: slot,
        blockHeight: chain.blockHeight(),
        epoch: Math.floor(slot / 432000),
        slotIndex: slot % 432000,
        slotsInEpoch: 432000,
        transactionCount: chain.statuses.size,
      };
    },
    getLatestBlockhash: () => ctx(chain.latestBlockhash()),
    isBlockhashValid: (p) => {
      const [hash] = asArray(p);
      if (typeof hash !== 'string') throw invalidParams('expected a blockhash');
      return ctx(chain.isBlockhashValid(hash));
    },
    getFeeForMessage: (p) => {
      const [msg] = asArray(p);
      if (typeof msg !== 'string') throw invalidParams('expected a base64 message');
      let m: VersionedMessage;
      try {
        m = VersionedMessage.deserialize(Buffer.from(msg, 'base64'));
      } catch {
        throw invalidParams('invalid message');
      }
      const keys = m.staticAccountKeys.map((k) => k.toBase58());
      if (m.compiledInstructions.some((ix) => ix.programIdIndex >= keys.length)) throw invalidParams('invalid message');
      if (!chain.isBlockhashValid(m.recentBlockhash)) return ctx(null);
      const instructions = m.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accountKeyIndexes: ix.accountKeyIndexes,
        data: ix.data,
      }));
      return ctx(
        messageFee({
          instructions,
          accountKeys: keys,
          signers: new Set(keys.slice(0, m.header.numRequiredSignatures)),
        }),
      );
    },
    getRecentPrioritizationFees: (p) => {
      const [addrs] = asArray(p);
      if (addrs !== undefined && !Array.isArray(addrs)) throw invalidParams('expected an array of addresses');
      if (Array.isArray(addrs) && addrs.length > 128) throw invalidParams('Too many inputs provided; max 128');
      return chain.priorityFees.recent(
        chain.slot(),
        (addrs ?? []).map((a) => addressParam(a)),
      );
    },
    getRecentPerformanceSamples: (p) => chain.performance.recent(asArray(p)[0]),
    getMinimumBalanceForRentExemption: (p) => chain.rent(intParam(asArray(p)[0], 'data length', 10 * 1024 * 1024)),
    getBalance: (p) => ctx(Number(chain.getBalance(addressParam(asArray(p)[0])))),
    getAccountInfo: (p) => {
      const a = asArray(p);
      const pubkey = addressParam(a[0]);
      const config = configParam<AccountConfig>(a[1]);
      checkEncoding(config);
      return ctx(encodeAccount(chain, pubkey, chain.getAccount(pubkey), config));
    },
    getMultipleAccounts: (p) => {
      const a = asArray(p);
      if (!Array.isArray(a[0]) || a[0].length > 100) throw invalidParams('expected at most 100 addresses');
      const keys = a[0].map((k) => addressParam(k));
      const config = configParam<AccountConfig>(a[1]);
      checkEncoding(config);
      const dec = mintDecimalsReader(chain);
      return ctx(keys.map((k) => encodeAccount(chain, k, chain.getAccount(k), config, dec)));
    },
    getProgramAccounts: (p) => {
      const a = asArray(p);
      const config = configParam<ProgramAccountsConfig>(a[1]);
      const list = programAccounts(chain, addressParam(a[0], 'program id'), config);
      return config.withContext ? ctx(list) : list;
    },
    getTokenAccountsByOwner: (p) => {
      const a = asArray(p);
      const owner = addressParam(a[0], 'owner');
      const filter = configParam<{ mint?: string; programId?: string }>(a[1]);
      const config = configParam<AccountConfig>(a[2]);
      checkEncoding(config);
      let program: string;
      let mint: string | undefined;
      if (filter.mint !== undefined) {
        mint = addressParam(filter.mint, 'mint');
        const m = chain.getAccount(mint);
        if (!m || (m.owner !== TOKEN_PROGRAM && m.owner !== TOKEN_2022_PROGRAM))
          throw invalidParams('Token mint could not be unpacked');
        program = m.owner;
      } else if (filter.programId !== undefined) {
        program = addressParam(filter.programId, 'program id');
        if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM)
          throw invalidParams('unrecognized Token program id');
      } else throw invalidParams('expected a mint or programId filter');
      const dec = mintDecimalsReader(chain);
      const out = [];
      for (const held of tokenIndex.ownedBy(owner)) {
        if (held.program !== program || (mint && held.mint !== mint)) continue;
        const account = chain.getAccount(held.address);
        if (account)
          out.push({ pubkey: held.address, account: encodeAccount(chain, held.address, account, config, dec) });
      }
      return ctx(out);
    },
    getTokenAccountBalance: (p) => {
      const acc = tokenAccount(addressParam(asArray(p)[0]));
      const amount = Buffer.from(acc.data).readBigUInt64LE(64);
      const mint = bs58.encode(acc.data.subarray(0, 32));
      return ctx(tokenAmountFor(chain, mint, amount, mintDecimalsReader(chain)(mint)));
    },
    getTokenLargestAccounts: (p) => ctx(tokenLargestAccounts(chain, tokenIndex, p)),
    getTokenSupply: (p) => {
      const acc = chain.getAccount(addressParam(asArray(p)[0], 'mint'));
      if (!acc || tokenAccountKind(acc) !== 'mint') throw invalidParams('Token mint could not be unpacked');
      return ctx(uiAmount(Buffer.from(acc.data).readBigUInt64LE(36), acc.data[44]));
    },
    requestAirdrop: (p) => {
      const a = asArray(p);
      const to = addressParam(a[0]);
      const lamports = intParam(a[1], 'lamports', 1_000_000 * 1e9);
      if (lamports === 0) throw invalidParams('lamports must be positive');
      return chain.airdrop(to, BigInt(lamports));
    },
    simulateTransaction: (p) => {
      const { bytes, config } = rawTx(asArray(p));
      const accounts = configParam<{ addresses?: unknown[]; encoding?: string }>(config.accounts);
      const addresses = accounts.addresses?.map((k) => addressParam(k));
      // The cluster's own bounds (agave rpc/src/rpc.rs, simulate_transaction): no base58, no more accounts than the
      // transaction names.
      if (accounts.encoding === 'base58' || accounts.encoding === 'binary')
        throw invalidParams('base58 encoding not supported');
      const named = chain.decode(bytes).accountKeys.length;
      if (addresses && addresses.length > named) throw new RpcError(-32602, `Too many accounts provided; max ${named}`);
      if (config.sigVerify && config.replaceRecentBlockhash)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const r = chain.simulate(bytes, {
        sigVerify: config.sigVerify === true,
        replaceRecentBlockhash: config.replaceRecentBlockhash === true,
        accounts: addresses,
      });
      return ctx({
        err: r.err,
        logs: r.logs,
        unitsConsumed: r.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        accounts: addresses
          ? addresses.map((k) =>
              r.postAccounts
                ? encodeAccount(chain, k, r.postAccounts.get(k) ?? chain.getAccount(k), { encoding: accounts.encoding })
                : null,
            )
          : null,
        replacementBlockhash: r.replacementBlockhash ?? null,
      });
    },
    sendTransaction: async (p) => {
      const { bytes, config } = rawTx(asArray(p));
      chain.decode(bytes); // refuse malformed input before any fault or hook runs
      await faults.beforeSend(bytes);
      if (!config.skipPreflight) {
        const sim = chain.simulate(bytes);
        if (sim.err) throw preflightError(sim);
      }
      const r = chain.send(bytes);
      if (r.err && !config.skipPreflight && !chain.statuses.has(r.signature)) throw preflightError(r);
      return r.signature;
    },
    getSignatureStatuses: (p) => {
      const a = asArray(p);
      if (!Array.isArray(a[0]) || a[0].length > 256) throw invalidParams('expected at most 256 signatures');
      const slot = chain.slot();
      return ctx(
        a[0].map((sig) => {
          const s = typeof sig === 'string' ? chain.visibleStatus(sig) : null;
          if (!s) return null;
          const level = chain.commitmentOf(s);
          return {
            slot: s.slot,
            confirmations: level === 'finalized' ? null : slot - s.slot,
            err: s.err,
            status: s.err ? { Err: s.err } : { Ok: null },
            confirmationStatus: level,
          };
        }),
      );
    },
    getTransaction: (p) => getTransaction(chain, asArray(p)),
    getSignaturesForAddress: (p) => {
      const a = asArray(p);
      const target = addressParam(a[0]);
      const config = configParam<{ limit?: number; before?: string; until?: string }>(a[1]);
      const limit = config.limit === undefined ? 1000 : intParam(config.limit, 'limit', 1000);
      const all = [...chain.statuses]
        .filter(([, s]) => s.visibleAt <= Date.now() && s.accountKeys.includes(target))
        .reverse();
      const start = config.before ? all.findIndex(([sig]) => sig === config.before) + 1 : 0;
      const end = config.until ? all.findIndex(([sig]) => sig === config.until) : -1;
      return all
        .slice(start, end >= 0 ? end : undefined)
        .slice(0, limit)
        .map(([signature, s]) => ({
          signature,
          slot: s.slot,
          err: s.err,
          memo: null,
          blockTime: s.blockTime,
          confirmationStatus: chain.commitmentOf(s),
        }));
    },
  };
}

function preflightError(r: TxResult): RpcError {
  if (r.err === 'SignatureFailure') return new RpcError(-32003, 'Transaction signature verification failure');
  return new RpcError(-32002, `Transaction simulation failed: ${simulateErrorMessage(r.err)}`, {
    err: r.err,
    logs: r.logs,
    accounts: null,
    unitsConsumed: r.unitsConsumed,
    returnData: null,
    innerInstructions: null,
  });
}
