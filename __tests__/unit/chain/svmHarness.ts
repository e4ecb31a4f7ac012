// A real Solana runtime in-process (LiteSVM with SPL Token, Token-2022 and ATA) for chain tests: web3.js
// transactions in, balances and account states out.
import { type Address as KitAddress, getTransactionDecoder, lamports as kitLamports } from '@solana/kit';
import { MintLayout, MINT_SIZE } from '@solana/spl-token';
import { type Keypair, PublicKey, type Transaction } from '@solana/web3.js';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import { tokenAccountData } from '../../support/tokenAccountData';

const decoder = getTransactionDecoder();
const addr = (k: PublicKey | string) => (typeof k === 'string' ? k : k.toBase58()) as KitAddress;

export class SvmHarness {
  readonly svm = new LiteSVM();

  airdrop(to: PublicKey, lamports: number | bigint): void {
    this.svm.airdrop(addr(to), kitLamports(BigInt(lamports)));
  }

  /** LiteSVM keeps one blockhash: a second identical transaction needs a new one. */
  expireBlockhash(): void {
    this.svm.expireBlockhash();
  }

  blockhash(): string {
    return this.svm.latestBlockhash();
  }

  balance(of: PublicKey | string): bigint {
    return BigInt(this.svm.getBalance(addr(of)) ?? 0n);
  }

  exists(of: PublicKey | string): boolean {
    const acc = this.svm.getAccount(addr(of));
    return acc.exists && BigInt(acc.lamports) > 0n;
  }

  data(of: PublicKey | string): Buffer {
    const acc = this.svm.getAccount(addr(of));
    if (!acc.exists) throw new Error(`no account ${addr(of)}`);
    return Buffer.from(acc.data);
  }

  /** Signs (blockhash set to the latest) and executes; returns the error text or null on success. */
  send(tx: Transaction, signers: Keypair[]): string | null {
    tx.recentBlockhash = this.blockhash();
    tx.sign(...signers);
    const result = this.svm.sendTransaction(decoder.decode(tx.serialize()));
    if (result instanceof FailedTransactionMetadata) return `${result.err()} ${result.meta().logs().join('\n')}`;
    return null;
  }

  sendOk(tx: Transaction, signers: Keypair[]): void {
    const err = this.send(tx, signers);
    if (err) throw new Error(err);
  }

  /** Writes an initialised mint directly (no transaction). */
  setMint(mint: PublicKey, authority: PublicKey, decimals: number, supply = 0n): void {
    const data = Buffer.alloc(MINT_SIZE);
    MintLayout.encode(
      {
        mintAuthorityOption: 1,
        mintAuthority: authority,
        supply,
        decimals,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    );
    this.setRaw(mint, data, TOKEN_PROGRAM);
  }

  /** Writes an initialised SPL token account directly. */
  setTokenAccount(account: PublicKey, mint: PublicKey, owner: PublicKey, amount = 0n): void {
    const data = tokenAccountData({ mint, owner, amount });
    this.setRaw(account, data, TOKEN_PROGRAM);
  }

  setRaw(address: PublicKey, data: Buffer, programId: string = TOKEN_PROGRAM): void {
    const rent = this.svm.minimumBalanceForRentExemption(BigInt(data.length));
    this.svm.setAccount({
      address: addr(address),
      data: new Uint8Array(data),
      executable: false,
      lamports: kitLamports(rent),
      programAddress: addr(programId),
      space: BigInt(data.length),
    });
  }
}

export { TOKEN_2022_PROGRAM, TOKEN_PROGRAM };
