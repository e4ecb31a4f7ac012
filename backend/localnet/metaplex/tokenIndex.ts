// Token accounts by owner and by mint, decoded, and Token Metadata accounts by mint, so DAS answers for a wallet
// with a thousand tokens neither scan the chain nor derive a PDA per mint. Built by one scan on first use, then
// kept current from the chain's 'accounts' events, which the Chain emits for every account a transaction may have
// written and for every direct write.
import bs58 from 'bs58';
import type { Chain } from '../chain';
import type { ChainAccount } from '../chainTypes';
import { decodeTokenAccount, type TokenAccountInfo } from './accounts';
import { TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM, TOKEN_PROGRAM } from './constants';

const METADATA_V1 = 4; // Token Metadata account key; the mint sits at bytes 33..65 (after the update authority)

export interface IndexedTokenAccount extends TokenAccountInfo {
  address: string;
  program: string;
  lamports: bigint;
}

export class TokenIndex {
  private readonly accounts = new Map<string, IndexedTokenAccount>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly byMint = new Map<string, Set<string>>();
  private readonly metadataByMint = new Map<string, string>();
  private readonly mintOfMetadata = new Map<string, string>();
  private scanned = false;
  /** Called with every changed address (after the index is updated), e.g. to drop caches. */
  onChange: (address: string) => void = () => {};

  constructor(private readonly chain: Chain) {
    chain.on('accounts', (keys: string[]) => {
      for (const k of keys) {
        if (this.scanned) this.index(k, chain.getAccount(k));
        this.onChange(k);
      }
    });
  }

  /** Forget everything (the chain was swapped under us); the next query rescans. */
  reset(): void {
    for (const m of [this.accounts, this.byOwner, this.byMint, this.metadataByMint, this.mintOfMetadata]) m.clear();
    this.scanned = false;
  }

  /** The Token Metadata account of a mint, if one exists. */
  metadataAddress(mint: string): string | undefined {
    this.scan();
    return this.metadataByMint.get(mint);
  }

  ownedBy(owner: string): IndexedTokenAccount[] {
    return this.list(this.byOwner, owner);
  }
  holdersOf(mint: string): IndexedTokenAccount[] {
    return this.list(this.byMint, mint);
  }

  private list(map: Map<string, Set<string>>, key: string): IndexedTokenAccount[] {
    this.scan();
    return [...(map.get(key) ?? [])].map((a) => this.accounts.get(a)!);
  }

  private scan(): void {
    if (this.scanned) return;
    this.scanned = true;
    for (const program of [TOKEN_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_METADATA_PROGRAM])
      for (const { pubkey, account } of this.chain.getProgramAccounts(program)) this.index(pubkey, account);
  }

  private index(address: string, acc: ChainAccount | null): void {
    this.indexMetadata(address, acc);
    const old = this.accounts.get(address);
    if (old) {
      this.byOwner.get(old.owner)?.delete(address);
      this.byMint.get(old.mint)?.delete(address);
      this.accounts.delete(address);
    }
    const a = decode(address, acc);
    if (!a) return;
    this.accounts.set(address, a);
    for (const [map, key] of [
      [this.byOwner, a.owner],
      [this.byMint, a.mint],
    ] as const) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(address);
    }
  }

  private indexMetadata(address: string, acc: ChainAccount | null): void {
    const old = this.mintOfMetadata.get(address);
    if (old !== undefined) {
      this.metadataByMint.delete(old);
      this.mintOfMetadata.delete(address);
    }
    if (!acc || acc.owner !== TOKEN_METADATA_PROGRAM || acc.data[0] !== METADATA_V1 || acc.data.length < 65) return;
    const mint = bs58.encode(acc.data.subarray(33, 65));
    this.metadataByMint.set(mint, address);
    this.mintOfMetadata.set(address, mint);
  }
}

function decode(address: string, acc: ChainAccount | null): IndexedTokenAccount | null {
  if (!acc || (acc.owner !== TOKEN_PROGRAM && acc.owner !== TOKEN_2022_PROGRAM)) return null;
  if (acc.owner === TOKEN_PROGRAM && acc.data.length !== 165) return null; // mints and multisigs
  const info = decodeTokenAccount(acc.data);
  return info && { ...info, address, program: acc.owner, lamports: acc.lamports };
}
