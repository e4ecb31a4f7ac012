// The local chain: LiteSVM (a real Solana runtime: signatures, rent, fees, compute budget) plus what a cluster adds
// around it — slots and block heights, several live blockhashes with a lastValidBlockHeight, signature statuses,
// change notifications, and the hook that emulates Metaplex Token Metadata and Bubblegum (see emulated/types.ts).
import { EventEmitter } from 'node:events';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { address, lamports as kitLamports } from '@solana/kit';
import bs58 from 'bs58';
import { LIGHTHOUSE_PROGRAM, NATIVE_MINT, SPL_NOOP_PROGRAM } from '../../src/common/addresses';
import { type ChainAccount, type Commitment, FINALIZE_DEPTH, type SignatureRecord, type TxResult } from './chainTypes';
import { decodeTransaction, type DecodedTransaction } from './decode';
import type { ProgramEmulator } from './emulated/types';
import { executeTransaction } from './execute';
import { addressBytes, nativeSvm, toChainAccount } from './nativeReads';
import { PerformanceLog } from './performanceSamples';
import { PriorityFeeLog } from './priorityFees';
import { Blockhashes } from './blockhashes';
import { noopProgramPath } from './programs';

const MAX_SLOT_HASHES = 512;
/**
 * Programs that run as a no-op here: SPL Noop is one, and Lighthouse (the guard Phantom adds to what it sends) stands in
 * for one whose assertions always hold, so a wallet-modified transaction lands locally as it does on mainnet.
 */
const NOOP_STAND_INS = [SPL_NOOP_PROGRAM, LIGHTHOUSE_PROGRAM];

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
  readonly performance = new PerformanceLog();
  private slotHashes: { slot: bigint; hash: string }[] = [];

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
    for (const id of [...NOOP_STAND_INS, ...this.emulators.keys()]) this.deployNoop(id);
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

  // Reads go straight to LiteSVM's native binding (nativeReads.ts).
  getAccount(pubkey: string): ChainAccount | null {
    if (this.overlay?.has(pubkey)) return this.overlay.get(pubkey) ?? null;
    const key = addressBytes(pubkey);
    if (!key) return null;
    const a = nativeSvm(this.svm).getAccount(key);
    return a && toChainAccount(a);
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
  simulateEmulated(
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
      .map((a) => ({ pubkey: bs58.encode(a.address), account: toChainAccount(a.account()) }));
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
    return executeTransaction(this, d, {
      simulate: true,
      sigVerify: opts.sigVerify ?? true,
      skipBlockhash: !!replace,
      accounts: opts.accounts,
      replacement: replace,
    });
  }

  /** Executes and, if it gets past fee payment, records the transaction. Never throws for a runtime failure. */
  send(bytes: Uint8Array): TxResult {
    return executeTransaction(this, this.decode(bytes), { simulate: false, sigVerify: true });
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

  /** Records a landed transaction (execute.ts, airdrops): its status, a new slot, the notifications. */
  record(sig: string, rec: Omit<SignatureRecord, 'slot' | 'blockTime' | 'visibleAt'>): void {
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
