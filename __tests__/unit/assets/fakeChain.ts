// A stand-in for the web3.js Connection at the network boundary: parsed token accounts per program and raw
// account data per address, with every call recorded. Nothing of ours is mocked.
import { Keypair, PublicKey, type AccountInfo } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';

export interface FakeTokenAccount {
  mint: string;
  amount: string;
  decimals: number;
  program?: string;
  address?: string;
}

export class FakeConnection {
  calls: { method: string; args: unknown[]; at: number; commitment?: string }[] = [];
  failTokenAccounts: Error | null = null;
  rpcEndpoint = 'http://127.0.0.1:9/api/rpc';
  constructor(
    public tokenAccounts: FakeTokenAccount[] = [],
    public accounts: Map<string, Uint8Array> = new Map(),
  ) {}

  async getParsedTokenAccountsByOwner(owner: PublicKey, filter: { programId: PublicKey }, commitment?: string) {
    this.calls.push({
      method: 'getParsedTokenAccountsByOwner',
      args: [owner.toBase58(), filter.programId.toBase58()],
      at: Date.now(),
      commitment,
    });
    if (this.failTokenAccounts) throw this.failTokenAccounts;
    const program = filter.programId.toBase58();
    return {
      context: { slot: 1 },
      value: this.tokenAccounts
        .filter((a) => (a.program ?? TOKEN_PROGRAM) === program)
        .map((a) => ({
          pubkey: new PublicKey(a.address ?? Keypair.generate().publicKey),
          account: {
            executable: false,
            lamports: 2039280,
            owner: filter.programId,
            rentEpoch: 0,
            data: {
              program: program === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token',
              space: 165,
              parsed: {
                type: 'account',
                info: {
                  mint: a.mint,
                  owner: owner.toBase58(),
                  tokenAmount: { amount: a.amount, decimals: a.decimals },
                },
              },
            },
          },
        })),
    };
  }

  async getMultipleAccountsInfo(keys: PublicKey[]): Promise<(AccountInfo<Buffer> | null)[]> {
    this.calls.push({ method: 'getMultipleAccountsInfo', args: keys.map((k) => k.toBase58()), at: Date.now() });
    return keys.map((k) => {
      const data = this.accounts.get(k.toBase58());
      return data
        ? { executable: false, lamports: 1, owner: PublicKey.default, rentEpoch: 0, data: Buffer.from(data) }
        : null;
    });
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  /** The token list's own chain reads. The left-alone list (leftAloneListeners.ts) reads the same method at
   * 'confirmed' once the rent estimate is in, at a moment that depends on the machine's load; it is not the token load. */
  tokenListReads() {
    return this.calls.filter((c) => c.method === 'getParsedTokenAccountsByOwner' && c.commitment !== 'confirmed');
  }
}

export const newMint = (): string => Keypair.generate().publicKey.toBase58();
