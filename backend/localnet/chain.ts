// The local chain: LiteSVM (a real Solana runtime: signatures, rent, fees, compute budget) plus what a cluster adds
// around it — slots and block heights, several live blockhashes with a lastValidBlockHeight, signature statuses,
// change notifications, and the hook that emulates Metaplex Token Metadata and Bubblegum (see emulated/types.ts).
import { EventEmitter } from 'node:events';
import { FailedTransactionMetadata, LiteSVM, type SimulatedTransactionInfo, TransactionMetadata } from 'litesvm';
import { address, getTransactionDecoder, lamports as kitLamports } from '@solana/kit';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { NATIVE_MINT, SPL_NOOP_PROGRAM } from '../../src/common/addresses';
import { decodeTransaction, type DecodedTransaction } from './decode';
import { EmulatedProgramError, type ProgramEmulator } from './emulated/types';
import { transactionErrorJson, type TransactionErrorJson } from './txErrors';
import { computeUnitPrice, messageFee } from './fees';
import { PriorityFeeLog } from './priorityFees';
import { Blockhashes } from './blockhashes';
import { noopProgramPath } from './programs';

export interface ChainAccount {
  lamports: bigint;
  data: Uint8Array;
  owner: string;
  executable: boolean;
}

export interface SignatureRecord {
  slot: number;
  blockTime: number;
  err: TransactionErrorJson | null;
  fee: number;
  logs: string[];
  unitsConsumed: number;
  accountKeys: string[];
  preBalances: number[];
  postBalances: number[];
  loadedAddresses: { writable: string[]; readonly: string[] };
  version: 'legacy' | 0;
  tx: string | null; // base64 bytes (null for airdrops)
  visibleAt: number; // statuses and notifications stay hidden until then (delayConfirmations fault)
}

export interface TxResult {
  signature: string;
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: number;
  fee: number;
  postAccounts?: Map<string, ChainAccount>;
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: number };
}

const MAX_SLOT_HASHES = 512;
/** Slots after which a cluster's supermajority root makes a block final (~32 at 400 ms ≈ 13 s). */
export const FINALIZE_DEPTH = 32;
export type Commitment = 'processed' | 'confirmed' | 'finalized';
export const COMMITMENT_RANK: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 };

interface NativeAccount {
  lamports(): bigint;
  data(): Uint8Array;
  owner(): Uint8Array;
  executable(): boolean;
}
interface NativeSvm {
  getAccount(pubkey: Uint8Array): NativeAccount | null;
  getProgramAccounts(programId: Uint8Array): { address: Uint8Array; account(): NativeAccount }[];
}
const nativeSvm = (svm: LiteSVM) => (svm as unknown as { inner: NativeSvm }).inner;

/** The 32 bytes of a base58 address, or null when it is not one (same rule as isValidAddress). Remembered: listings
 * ask for the same few thousand addresses again and again. */
const addressCache = new Map<string, Uint8Array | null>();
function addressBytes(s: string): Uint8Array | null {
  if (typeof s !== 'string' || s.length < 32 || s.length > 44) return null;
  let b = addressCache.get(s);
  if (b !== undefined) return b;
  try {
    const d = bs58.decode(s);
    b = d.length === 32 ? d : null;
  } catch {
    b = null;
  }
  if (addressCache.size >= 100_000) addressCache.clear();
  addressCache.set(s, b);
  return b;
}

export class Chain extends EventEmitter {
  svm: LiteSVM;
  readonly emulators = new Map<string, ProgramEmulator>();
  readonly statuses = new Map<string, SignatureRecord>();
  readonly blockhashes = new Blockhashes(
    () => this.svm,
    () => this.blockHeight(),
  );
  confirmationDelayMs = 0;
  /** How long a landed transaction stays `processed` before it is `confirmed` (a slot on a cluster; 0 = at once). */
  confirmAfterMs = 0;
  /** Compute-unit prices paid per slot, for getRecentPrioritizationFees. */
  readonly priorityFees = new PriorityFeeLog();
  private slotHashes: { slot: bigint; hash: string }[] = [];
  private readonly decoder = getTransactionDecoder();

  constructor(svm?: LiteSVM) {
    super();
    this.setMaxListeners(0);
    this.svm = svm ?? new LiteSVM();
    this.attach(this.svm);
  }

  /** Swaps in another LiteSVM (restore from disk) and re-applies the settings LiteSVM does not persist. */
  attach(svm: LiteSVM): void {
    this.svm = svm;
    // We check blockhashes ourselves: LiteSVM accepts only its latest one, a cluster accepts any of the last 150 slots.
    svm.withBlockhashCheck(false).withSigverify(true);
    if (!svm.getAccount(address(NATIVE_MINT)).exists) svm.withNativeMints();
    if (!this.svm.getAccount(address(SPL_NOOP_PROGRAM)).exists)
      svm.addProgramFromFile(address(SPL_NOOP_PROGRAM), noopProgramPath());
    for (const id of this.emulators.keys()) this.deployNoop(id);
    this.blockhashes.adopt();
    this.slotHashes = svm.getSlotHashes().map((h) => ({ slot: h.slot, hash: h.hash }));
  }

  slot(): number {
    return Number(this.svm.getClock().slot);
  }
  blockHeight(): number {
    return this.slot();
  }
  rent(bytes: number): number {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(bytes)));
  }

  // Reads go straight to LiteSVM's native binding: its JS wrapper converts every address with @solana/kit's
  // BigInt base58 codec (3 conversions per account), which made listing a thousand-token wallet take seconds.
  getAccount(pubkey: string): ChainAccount | null {
    if (this.overlay?.has(pubkey)) return this.overlay.get(pubkey) ?? null;
    const key = addressBytes(pubkey);
    if (!key) return null;
    const a = nativeSvm(this.svm).getAccount(key);
    return a && this.toChainAccount(a);
  }

  getBalance(pubkey: string): bigint {
    return this.getAccount(pubkey)?.lamports ?? 0n;
  }

  /** Writes an account directly (funding, emulators). lamports 0 deletes it, as the runtime would. */
  setAccount(
    pubkey: string,
    acc: { lamports: bigint | number; data?: Uint8Array; owner?: string; executable?: boolean },
  ): void {
    const data = acc.data ?? new Uint8Array(0);
    if (this.overlay) {
      const lamports = BigInt(acc.lamports);
      this.overlay.set(
        pubkey,
        lamports === 0n
          ? null
          : {
              lamports,
              data,
              owner: acc.owner ?? '11111111111111111111111111111111',
              executable: acc.executable ?? false,
            },
      );
      return;
    }
    this.svm.setAccount({
      address: address(pubkey),
      lamports: kitLamports(BigInt(acc.lamports)),
      data,
      programAddress: address(acc.owner ?? '11111111111111111111111111111111'),
      executable: acc.executable ?? false,
      space: BigInt(data.length),
    });
    this.emit('accounts', [pubkey]);
  }

  /**
   * Set while a simulation applies emulated effects: reads and writes go to this map, never to LiteSVM, so a
   * simulation reports what an emulated program (Token Metadata burnV1) would return without changing anything.
   */
  private overlay: Map<string, ChainAccount | null> | null = null;

  /** True while a simulation applies emulated effects; emulators skip side effects outside accounts then. */
  get simulating(): boolean {
    return this.overlay !== null;
  }

  /** The requested accounts after the emulated effects of a successful simulation, computed in the overlay. */
  private simulateEmulated(
    post: Map<string, ChainAccount>,
    applies: (() => void)[],
    accounts: string[],
  ): Map<string, ChainAccount> {
    this.overlay = new Map(post);
    try {
      for (const apply of applies) apply();
      return new Map(
        accounts.map((a) => [
          a,
          this.getAccount(a) ?? {
            lamports: 0n,
            data: new Uint8Array(0),
            owner: '11111111111111111111111111111111',
            executable: false,
          },
        ]),
      );
    } finally {
      this.overlay = null;
    }
  }

  getProgramAccounts(programId: string): { pubkey: string; account: ChainAccount }[] {
    const key = addressBytes(programId);
    if (!key) return [];
    return nativeSvm(this.svm)
      .getProgramAccounts(key)
      .map((a) => ({ pubkey: bs58.encode(a.address), account: this.toChainAccount(a.account()) }));
  }

  private readonly ownerNames = new Map<string, string>(); // owner bytes → base58; a chain has a handful of owners

  private toChainAccount(a: NativeAccount): ChainAccount {
    const ownerBytes = a.owner();
    const k = Buffer.from(ownerBytes.buffer, ownerBytes.byteOffset, ownerBytes.length).toString('latin1');
    let owner = this.ownerNames.get(k);
    if (owner === undefined) {
      owner = bs58.encode(ownerBytes);
      if (this.ownerNames.size < 10_000) this.ownerNames.set(k, owner);
    }
    return { lamports: a.lamports(), data: a.data(), owner, executable: a.executable() };
  }

  registerEmulator(e: ProgramEmulator): void {
    this.emulators.set(e.programId, e);
    this.deployNoop(e.programId);
  }

  private deployNoop(programId: string): void {
    if (!this.svm.getAccount(address(programId)).exists)
      this.svm.addProgramFromFile(address(programId), noopProgramPath());
  }

  // ---- blockhashes -------------------------------------------------------------------------------------------

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return this.blockhashes.latest();
  }
  isBlockhashValid(hash: string): boolean {
    return this.blockhashes.isValid(hash);
  }

  /** Every blockhash issued so far expires (block height moves past their lastValidBlockHeight); a new one is issued. */
  expireBlockhashes(): void {
    this.warpTo(this.blockhashes.expireAll());
    this.blockhashes.rotate();
  }

  /** A cluster produces a slot every ~400 ms; the local chain's ticker calls this so block heights move on. */
  advanceSlot(): void {
    this.warpTo(this.slot() + 1);
  }

  private warpTo(slot: number): void {
    this.svm.warpToSlot(BigInt(slot));
    // warpToSlot leaves the SlotHashes sysvar alone; the lookup-table program needs recent slots in it.
    this.slotHashes = [{ slot: BigInt(slot), hash: this.svm.latestBlockhash() }, ...this.slotHashes].slice(
      0,
      MAX_SLOT_HASHES,
    );
    this.svm.setSlotHashes(this.slotHashes);
    const clock = this.svm.getClock();
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000));
    this.svm.setClock(clock);
    this.emit('slot', slot);
  }

  // ---- transactions ------------------------------------------------------------------------------------------

  decode(bytes: Uint8Array): DecodedTransaction {
    return decodeTransaction(bytes, (a) => this.getAccount(a));
  }

  simulate(
    bytes: Uint8Array,
    opts: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: string[] } = {},
  ): TxResult {
    const d = this.decode(bytes);
    const replace = opts.replaceRecentBlockhash ? this.latestBlockhash() : undefined;
    return this.execute(d, {
      simulate: true,
      sigVerify: opts.sigVerify ?? true,
      skipBlockhash: !!replace,
      accounts: opts.accounts,
      replacement: replace,
    });
  }

  /** Executes and, if it gets past fee payment, records the transaction. Never throws for a runtime failure. */
  send(bytes: Uint8Array): TxResult {
    return this.execute(this.decode(bytes), { simulate: false, sigVerify: true });
  }

  private execute(
    d: DecodedTransaction,
    o: {
      simulate: boolean;
      sigVerify: boolean;
      skipBlockhash?: boolean;
      accounts?: string[];
      replacement?: { blockhash: string; lastValidBlockHeight: number };
    },
  ): TxResult {
    const base = { signature: d.signature, unitsConsumed: 0, fee: messageFee(d), replacementBlockhash: o.replacement };
    if (!o.skipBlockhash && !this.isBlockhashValid(d.blockhash))
      return { ...base, err: 'BlockhashNotFound', logs: [], fee: 0 };
    if (this.statuses.has(d.signature)) return { ...base, err: 'AlreadyProcessed', logs: [], fee: 0 };
    const applies: (() => void)[] = [];
    const lamportApplies: (() => void)[] = [];
    for (const [index, ix] of d.instructions.entries()) {
      const programId = d.accountKeys[ix.programIdIndex];
      const emulator = this.emulators.get(programId);
      if (!emulator) continue;
      if (!d.lookupsResolved) return { ...base, err: 'AddressLookupTableNotFound', logs: [], fee: 0 };
      try {
        applies.push(
          emulator.prepare(
            {
              index,
              programId,
              data: ix.data,
              accounts: ix.accountKeyIndexes.map((i) => ({
                pubkey: d.accountKeys[i],
                isSigner: d.signers.has(d.accountKeys[i]),
                isWritable: d.writable[i],
              })),
            },
            { chain: this, signers: d.signers },
          ),
        );
        if (emulator.lamportEffects) lamportApplies.push(applies[applies.length - 1]);
      } catch (e) {
        if (!(e instanceof EmulatedProgramError)) throw e;
        const logs = [
          `Program ${programId} invoke [1]`,
          `Program log: ${e.message}`,
          `Program ${programId} failed: custom program error: 0x${e.code.toString(16)}`,
        ];
        const failed: TxResult = { ...base, err: { InstructionError: [index, { Custom: e.code }] }, logs };
        return o.simulate ? failed : this.chargeFailed(d, failed);
      }
    }
    const kitTx = this.decoder.decode(d.bytes);
    const preBalances = d.accountKeys.map((k) => Number(this.getBalance(k)));
    let r: FailedTransactionMetadata | SimulatedTransactionInfo | TransactionMetadata;
    if (o.simulate) {
      if (!o.sigVerify) this.svm.withSigverify(false);
      try {
        r = this.svm.simulateTransaction(kitTx);
      } finally {
        if (!o.sigVerify) this.svm.withSigverify(true);
      }
    } else r = this.svm.sendTransaction(kitTx);
    const failed = r instanceof FailedTransactionMetadata;
    const meta = r instanceof TransactionMetadata ? r : r.meta();
    const result: TxResult = {
      ...base,
      err: r instanceof FailedTransactionMetadata ? transactionErrorJson(r.err()) : null,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
    };
    if (o.simulate) {
      if (!failed && o.accounts) {
        const post = new Map<string, ChainAccount>();
        for (const a of (r as SimulatedTransactionInfo).postAccounts())
          post.set(a.address, {
            lamports: BigInt(a.lamports),
            data: a.data as Uint8Array,
            owner: a.programAddress,
            executable: a.executable,
          });
        result.postAccounts = lamportApplies.length ? this.simulateEmulated(post, lamportApplies, o.accounts) : post;
      }
      return result;
    }
    if (!failed) {
      for (const apply of applies) {
        // The transaction has landed in LiteSVM; a faulty emulator must not lose its status, so it only logs.
        try {
          apply();
        } catch (e) {
          result.logs.push(`Program log: local emulator failed to apply its change: ${(e as Error).message}`);
        }
      }
    }
    const postBalances = d.accountKeys.map((k) => Number(this.getBalance(k)));
    // A transaction that failed before fee payment (bad signature, duplicate, no funds) leaves no trace on a cluster.
    const landed = !failed || postBalances[0] !== preBalances[0];
    if (!landed) return { ...result, fee: 0 };
    this.priorityFees.record(
      this.slot(),
      computeUnitPrice(d),
      d.accountKeys.filter((_, i) => d.writable[i]),
    );
    this.record(d.signature, {
      err: result.err,
      fee: result.fee,
      logs: result.logs,
      unitsConsumed: result.unitsConsumed,
      accountKeys: d.accountKeys,
      preBalances,
      postBalances,
      loadedAddresses: d.loadedAddresses,
      version: d.version,
      tx: Buffer.from(d.bytes).toString('base64'),
    });
    this.emit(
      'accounts',
      d.accountKeys.filter((_, i) => d.writable[i]),
    );
    return result;
  }

  /** An emulated program refused: as on a cluster the fee is charged and the failed transaction is recorded. */
  private chargeFailed(d: DecodedTransaction, r: TxResult): TxResult {
    if (!this.verifySignatures(d)) return { ...r, err: 'SignatureFailure', fee: 0 };
    const payer = this.getAccount(d.accountKeys[0]);
    if (!payer || payer.lamports < BigInt(r.fee))
      return { ...r, err: payer ? 'InsufficientFundsForFee' : 'AccountNotFound', fee: 0 };
    const preBalances = d.accountKeys.map((k) => Number(this.getBalance(k)));
    this.setAccount(d.accountKeys[0], { ...payer, lamports: payer.lamports - BigInt(r.fee) });
    const postBalances = d.accountKeys.map((k) => Number(this.getBalance(k)));
    this.priorityFees.record(
      this.slot(),
      computeUnitPrice(d),
      d.accountKeys.filter((_, i) => d.writable[i]),
    );
    this.record(d.signature, {
      err: r.err,
      fee: r.fee,
      logs: r.logs,
      unitsConsumed: 0,
      accountKeys: d.accountKeys,
      preBalances,
      postBalances,
      loadedAddresses: d.loadedAddresses,
      version: d.version,
      tx: Buffer.from(d.bytes).toString('base64'),
    });
    return r;
  }

  private verifySignatures(d: DecodedTransaction): boolean {
    const message = d.tx.message.serialize();
    return d.tx.signatures.every((sig, i) => nacl.sign.detached.verify(message, sig, bs58.decode(d.accountKeys[i])));
  }

  /** LiteSVM's airdrop signs with a fixed faucet and the latest blockhash: rotate and retry when it repeats. */
  airdrop(pubkey: string, lamports: bigint): string {
    for (let attempt = 0; attempt < 3; attempt++) {
      const pre = this.getBalance(pubkey);
      const r = this.svm.airdrop(address(pubkey), kitLamports(lamports));
      if (r && !(r instanceof FailedTransactionMetadata)) {
        const sig = bs58.encode(r.signature());
        this.record(sig, {
          err: null,
          fee: 5000,
          logs: r.logs(),
          unitsConsumed: Number(r.computeUnitsConsumed()),
          accountKeys: [pubkey],
          preBalances: [Number(pre)],
          postBalances: [Number(this.getBalance(pubkey))],
          loadedAddresses: { writable: [], readonly: [] },
          version: 'legacy',
          tx: null,
        });
        this.emit('accounts', [pubkey]);
        return sig;
      }
      this.blockhashes.rotate();
    }
    throw new Error('airdrop failed');
  }

  private record(sig: string, rec: Omit<SignatureRecord, 'slot' | 'blockTime' | 'visibleAt'>): void {
    const slot = this.slot();
    const full: SignatureRecord = {
      ...rec,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      visibleAt: Date.now() + this.confirmationDelayMs,
    };
    this.statuses.set(sig, full);
    this.warpTo(slot + 1);
    const notify = () => this.emit('signature', sig, full);
    if (this.confirmationDelayMs > 0) setTimeout(notify, this.confirmationDelayMs).unref();
    else notify();
    this.emit('transaction', sig, full);
  }

  /**
   * The commitment a landed transaction has reached, as on a cluster: `processed` in its slot (for confirmAfterMs,
   * one slot time, since the local chain closes a slot as each transaction lands), then `confirmed`, and `finalized`
   * once FINALIZE_DEPTH more slots exist — advancing with the slot ticker and with every transaction.
   */
  commitmentOf(s: SignatureRecord, now = Date.now()): Commitment {
    const depth = this.slot() - s.slot;
    if (depth >= FINALIZE_DEPTH) return 'finalized';
    return depth >= 1 && now >= s.visibleAt + this.confirmAfterMs ? 'confirmed' : 'processed';
  }

  /** The status as a cluster answers it, or null while unknown or still hidden by delayConfirmations. */
  visibleStatus(sig: string): SignatureRecord | null {
    const s = this.statuses.get(sig);
    return s && s.visibleAt <= Date.now() ? s : null;
  }
}
