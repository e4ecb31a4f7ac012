// Token accounts by owner and by mint, so DAS answers for a wallet with a thousand tokens do not scan every account
// on the chain. Built by one scan on first use, then kept current from the chain's 'accounts' change events.
import type { Chain, ChainAccount } from '../chain';
import { decodeTokenAccount, type TokenAccountInfo } from './accounts';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants';

export interface IndexedTokenAccount extends TokenAccountInfo { address: string; program: string; lamports: bigint }

export class TokenIndex {
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly byMint = new Map<string, Set<string>>();
  private scanned = false;

  constructor(private readonly chain: Chain) {
    chain.on('accounts', (keys: string[]) => {
      if (this.scanned) for (const k of keys) this.index(k, chain.getAccount(k));
    });
  }

  /** Forget everything (the chain was swapped under us); the next query rescans. */
  reset(): void { this.byOwner.clear(); this.byMint.clear(); this.scanned = false; }

  ownedBy(owner: string): IndexedTokenAccount[] { return this.read(this.byOwner, owner, (a) => a.owner === owner); }
  holdersOf(mint: string): IndexedTokenAccount[] { return this.read(this.byMint, mint, (a) => a.mint === mint); }

  private read(map: Map<string, Set<string>>, key: string, still: (a: IndexedTokenAccount) => boolean): IndexedTokenAccount[] {
    this.scan();
    const out: IndexedTokenAccount[] = [];
    const set = map.get(key);
    for (const address of set ?? []) {
      const a = this.decode(address, this.chain.getAccount(address));
      if (a && still(a)) out.push(a);
      else set!.delete(address);                        // closed, or changed hands: a later event re-adds it
    }
    return out;
  }

  private scan(): void {
    if (this.scanned) return;
    this.scanned = true;
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM])
      for (const { pubkey, account } of this.chain.getProgramAccounts(program)) this.index(pubkey, account);
  }

  private index(address: string, acc: ChainAccount | null): void {
    const a = this.decode(address, acc);
    if (!a) return;
    for (const [map, key] of [[this.byOwner, a.owner], [this.byMint, a.mint]] as const) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(address);
    }
  }

  private decode(address: string, acc: ChainAccount | null): IndexedTokenAccount | null {
    if (!acc || (acc.owner !== TOKEN_PROGRAM && acc.owner !== TOKEN_2022_PROGRAM)) return null;
    if (acc.owner === TOKEN_PROGRAM && acc.data.length !== 165) return null;   // mints and multisigs
    const info = decodeTokenAccount(acc.data);
    return info && { ...info, address, program: acc.owner, lamports: acc.lamports };
  }
}
