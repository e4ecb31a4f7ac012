// Live blockhashes as a cluster keeps them: a new one every slot, each accepted until its lastValidBlockHeight
// (issue height + 150). LiteSVM itself accepts only its latest blockhash, so its check is off and this one is used.
import type { LiteSVM } from 'litesvm';

export const BLOCKHASH_LIFETIME = 150; // slots

export class Blockhashes {
  /** blockhash → last block height at which a transaction using it is accepted */
  readonly valid = new Map<string, number>();
  private current = '';
  private issued = 0;

  constructor(
    private readonly svm: () => LiteSVM,
    private readonly height: () => number,
  ) {}

  /** Takes LiteSVM's current blockhash as the newest one (new or restored chain). */
  adopt(): void {
    this.current = this.svm().latestBlockhash();
    this.issued = this.height();
    if (!this.valid.has(this.current)) this.valid.set(this.current, this.issued + BLOCKHASH_LIFETIME);
  }

  latest(): { blockhash: string; lastValidBlockHeight: number } {
    if (this.height() > this.issued || !this.isValid(this.current)) this.rotate();
    return { blockhash: this.current, lastValidBlockHeight: this.valid.get(this.current)! };
  }

  isValid(hash: string): boolean {
    const last = this.valid.get(hash);
    return last !== undefined && this.height() <= last;
  }

  rotate(): void {
    this.svm().expireBlockhash();
    this.adopt();
    for (const [h, last] of this.valid) if (last < this.height()) this.valid.delete(h);
  }

  /** The block height past every issued blockhash's lastValidBlockHeight; forgets them all. */
  expireAll(): number {
    const past = Math.max(this.height(), ...this.valid.values()) + 1;
    this.valid.clear();
    return past;
  }
}
