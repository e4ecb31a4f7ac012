// The empty-account suites' view of the one test wallet (testWallet.ts): a sign-only wallet without message signing
// named "Approval Test Wallet", whose answers a test swaps mid-run (`approve.current`), and what it signed, counted
// per approval: every transaction of one `solana:signTransaction` call is one approval (PRODUCT difference 6).
import type { Keypair } from '@solana/web3.js';
import type { BrowserContext } from 'playwright-core';
import { installTestWallet } from './testWallet';

export type Approver = (op: 'connect' | 'sign', count: number) => Promise<boolean>;

/** How many transactions a signing request carried (testWallet hands one as bytes, several as a list of them). */
const countOf = (detail: unknown): number => (Array.isArray(detail) && Array.isArray(detail[0]) ? detail.length : 1);

export async function installApprovalWallet(context: BrowserContext, keypair: Keypair, approve: { current: Approver }) {
  const wallet = await installTestWallet(context, {
    keypair,
    name: 'Approval Test Wallet',
    features: ['solana:signTransaction'],
    approve: (op, detail) =>
      approve.current(op === 'connect' ? 'connect' : 'sign', op === 'connect' ? 0 : countOf(detail)),
  });
  return {
    /** Transactions per approval, in order. */
    get approvals(): number[] {
      return wallet.approvals.filter((a) => a.op === 'signTransaction').map((a) => a.count);
    },
    /** Every signed transaction's bytes, in order. */
    get signed(): Uint8Array[] {
      return wallet.log.filter((l) => l.op === 'signTransaction').map((l) => l.tx!.serialize());
    },
  };
}
