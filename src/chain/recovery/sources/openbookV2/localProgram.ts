// OpenBook v2 on the local chain: no registry ships it, so its program id runs the SPL Noop program and this emulator
// checks the two closes as the program and Anchor do (openbook-v2 programs/openbook-v2/src/accounts_ix/
// close_open_orders_account.rs and close_open_orders_indexer.rs, instructions/ of the same names):
// - close_open_orders_account: the owner signs; the indexer is the program's, at its seeds ["OpenOrdersIndexer", owner];
//   the open-orders account is the program's, `has_one = owner`, with an empty position (NonEmptyOpenOrdersPosition);
//   the indexer drops the address and shrinks, its excess rent going to the destination (Anchor's realloc), and the
//   account's lamports all go to the destination (`close`);
// - close_open_orders_indexer: the owner signs; no address left (IndexerActiveOO); every lamport to the destination.
// Anchor error codes: ConstraintHasOne 2001, ConstraintSeeds 2006, AccountDiscriminatorMismatch 3002,
// AccountOwnedByWrongProgram 3007, InvalidProgramId 3008, AccountNotSigner 3010; the program's from 6000 (error.rs).
import bs58 from 'bs58';
import type { Chain } from '../../../../../backend/localnet/chain';
import {
  creditLamports,
  EmulatedProgramError,
  type ProgramEmulator,
} from '../../../../../backend/localnet/emulated/types';
import type { LocalPrograms } from '../../../../../backend/localnet/fund/recovery';
import { SYSTEM_PROGRAM, TOKEN_PROGRAM } from '../../../../common/addresses';
import { sameBytes } from '../../source';
import {
  indexerSpace,
  OPENBOOK_V2_PROGRAM,
  readV2Indexer,
  readV2OpenOrders,
  V2_CLOSE_ACCOUNT_DATA,
  V2_CLOSE_INDEXER_DATA,
  v2IndexerOf,
} from './layout';

const E = {
  InstructionFallbackNotFound: 101,
  ConstraintHasOne: 2001,
  ConstraintSeeds: 2006,
  AccountDiscriminatorMismatch: 3002,
  InvalidProgramId: 3008,
  AccountNotSigner: 3010,
  IndexerActiveOO: 6020,
  NonEmptyOpenOrdersPosition: 6042,
} as const;
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated OpenBook v2: ${msg}`);

/** The addresses earlier closes of the same transaction run removed, by indexer (their changes apply afterwards). */
const removedInRun = new WeakMap<Set<string>, Map<string, Set<string>>>();
const removed = (run: Set<string>, indexer: string): Set<string> => {
  let byIndexer = removedInRun.get(run);
  if (!byIndexer) removedInRun.set(run, (byIndexer = new Map()));
  if (!byIndexer.has(indexer)) byIndexer.set(indexer, new Set());
  return byIndexer.get(indexer)!;
};

function ownIndexer(chain: Chain, owner: string, indexer: string): string[] {
  if (indexer !== v2IndexerOf(owner)) throw fail('ConstraintSeeds', 'not the owner indexer');
  const acc = chain.getAccount(indexer);
  const entries = acc?.owner === OPENBOOK_V2_PROGRAM ? readV2Indexer(acc.data) : null;
  if (!entries) throw fail('AccountDiscriminatorMismatch', 'not an indexer');
  return entries;
}

function writeIndexer(chain: Chain, indexer: string, lamports: bigint, head: Uint8Array, entries: string[]): void {
  const data = new Uint8Array(indexerSpace(entries.length));
  data.set(head.subarray(0, 13));
  Buffer.from(data.buffer).writeUInt32LE(entries.length, 13);
  entries.forEach((e, i) => data.set(bs58.decode(e), 17 + 32 * i));
  chain.setAccount(indexer, { lamports, data, owner: OPENBOOK_V2_PROGRAM });
}

const emulator: ProgramEmulator = {
  programId: OPENBOOK_V2_PROGRAM,
  lamportEffects: true,
  prepare(ix, { chain, signers }) {
    const [owner, indexer] = ix.accounts;
    if (!owner || !signers.has(owner.pubkey)) throw fail('AccountNotSigner', 'the owner must sign');
    if (sameBytes(ix.data, V2_CLOSE_ACCOUNT_DATA)) {
      if (ix.accounts.length < 5) throw fail('InstructionFallbackNotFound', 'close takes 5 accounts');
      const [, , openOrders, destination, system] = ix.accounts;
      if (system.pubkey !== SYSTEM_PROGRAM) throw fail('InvalidProgramId', 'not the system program');
      const entries = ownIndexer(chain, owner.pubkey, indexer.pubkey);
      const acc = chain.getAccount(openOrders.pubkey);
      const oo = acc?.owner === OPENBOOK_V2_PROGRAM ? readV2OpenOrders(acc.data) : null;
      if (!acc || !oo) throw fail('AccountDiscriminatorMismatch', 'not an open-orders account');
      if (oo.owner !== owner.pubkey) throw fail('ConstraintHasOne', 'another owner');
      if (!oo.empty) throw fail('NonEmptyOpenOrdersPosition', 'the position is not empty');
      const gone = removed(signers, indexer.pubkey);
      // instructions/close_open_orders_account.rs unwraps the address's position in the indexer.
      if (!entries.includes(openOrders.pubkey) || gone.has(openOrders.pubkey))
        throw fail('NonEmptyOpenOrdersPosition', 'the indexer does not list it');
      gone.add(openOrders.pubkey);
      return () => {
        const now = chain.getAccount(openOrders.pubkey)!;
        chain.setAccount(openOrders.pubkey, { lamports: 0 });
        const idx = chain.getAccount(indexer.pubkey)!;
        const left = readV2Indexer(idx.data)!.filter((e) => e !== openOrders.pubkey);
        const rent = BigInt(chain.rent(indexerSpace(left.length)));
        const excess = idx.lamports > rent ? idx.lamports - rent : 0n;
        writeIndexer(chain, indexer.pubkey, idx.lamports - excess, idx.data, left);
        creditLamports(chain, destination.pubkey, now.lamports + excess);
      };
    }
    if (sameBytes(ix.data, V2_CLOSE_INDEXER_DATA)) {
      if (ix.accounts.length < 4) throw fail('InstructionFallbackNotFound', 'close takes 4 accounts');
      const [, , destination, token] = ix.accounts;
      if (token.pubkey !== TOKEN_PROGRAM) throw fail('InvalidProgramId', 'not the token program');
      const entries = ownIndexer(chain, owner.pubkey, indexer.pubkey);
      const gone = removed(signers, indexer.pubkey);
      if (entries.some((e) => !gone.has(e))) throw fail('IndexerActiveOO', 'open-orders accounts left');
      return () => {
        const now = chain.getAccount(indexer.pubkey)!;
        chain.setAccount(indexer.pubkey, { lamports: 0 });
        creditLamports(chain, destination.pubkey, now.lamports);
      };
    }
    throw fail('InstructionFallbackNotFound', 'only the two closes are emulated');
  },
};

export const localPrograms: LocalPrograms = () => [emulator];
