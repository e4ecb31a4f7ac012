/** @jest-environment node */
// The pieces of the guard (PRODUCT difference 10) that need no chain: the priority-fee cap, our builders staying under it, and the
// pinned wallets (a server naming another fee, trash or delegate address is refused).
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../src/chain/computeBudget';
import { decodeTransaction } from '../../../src/chain/decode';
import { cappedComputeUnitPrice, priorityFeeCap, priorityFeeOf } from '../../../src/chain/priorityFee';
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from '../../../src/common/addresses';
import { BUILT_WALLETS, ServerMismatchError, pinnedWallets } from '../../../src/common/builtWallets';
import { closeAccountIx } from '../../../src/chain/tokenInstructions';

const owner = Keypair.generate().publicKey;
function txWith(units: number, price: number, raw = false): Transaction {
  const tx = new Transaction({ feePayer: owner, recentBlockhash: PublicKey.default.toBase58() });
  if (raw) {
    const [limit, priceIx] = computeBudgetIxs(units, 1);
    priceIx.data = Buffer.concat([Buffer.from([3]), Buffer.from(new BigUint64Array([BigInt(price)]).buffer)]);
    tx.add(limit, priceIx);
  } else tx.add(...computeBudgetIxs(units, price));
  tx.add(closeAccountIx({ account: Keypair.generate().publicKey.toBase58(), owner: owner.toBase58() }));
  return tx;
}

describe('priority fee cap', () => {
  it('reads the fee as the runtime charges it: a hostile 1.4 M CU × 100,000 µlamports is 140,000 lamports', () => {
    expect(priorityFeeOf(decodeTransaction(txWith(1_400_000, 100_000, true)))).toBe(140_000n);
    expect(priorityFeeOf(decodeTransaction(txWith(200_000, 1, true)))).toBe(1n); // ceil(0.2)
  });
  it('caps at 50,000 lamports and at 10 % of what the transaction returns', () => {
    expect(priorityFeeCap(null)).toBe(50_000n);
    expect(priorityFeeCap(2_039_280n)).toBe(50_000n);
    expect(priorityFeeCap(203_928n)).toBe(20_392n);
  });
  it('our own builders lower the price so they stay under the cap', () => {
    expect(cappedComputeUnitPrice(1_000_000, 100_000)).toBe(50_000);
    expect(priorityFeeOf(decodeTransaction(txWith(1_000_000, 100_000)))).toBe(50_000n);
    expect(priorityFeeOf(decodeTransaction(txWith(200_000, 100_000)))).toBe(20_000n); // already under: unchanged
  });
});

describe('pinned wallets', () => {
  const honest = {
    feeWallet: LOCAL_DEFAULT_FEE_WALLET,
    trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
    delegate: 'D1',
    localnet: true,
  };
  it("are the build's (local defaults when the build names none)", () => {
    expect(BUILT_WALLETS).toEqual({
      feeWallet: LOCAL_DEFAULT_FEE_WALLET,
      trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
      delegate: null,
    });
    expect(pinnedWallets(honest)).toEqual({
      feeWallet: LOCAL_DEFAULT_FEE_WALLET,
      trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
      delegate: 'D1',
    });
  });
  it('refuse a server that names itself as fee or trash wallet', () => {
    const attacker = Keypair.generate().publicKey.toBase58();
    expect(() => pinnedWallets({ ...honest, feeWallet: attacker })).toThrow(ServerMismatchError);
    expect(() => pinnedWallets({ ...honest, trashWallet: attacker })).toThrow(/trash wallet/);
  });
  it("a delegate: pinned builds refuse another; unpinned builds accept only a local chain's", () => {
    const built = { ...BUILT_WALLETS, delegate: 'PINNED' };
    expect(() => pinnedWallets({ ...honest, delegate: 'OTHER' }, built)).toThrow(/delegate/);
    expect(pinnedWallets({ ...honest, localnet: false })).toMatchObject({ delegate: null });
  });
});
