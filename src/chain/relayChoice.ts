// Whether the recovery should be relayed (PRODUCT difference 15): when the user asked, or when the owner's balance, read from the
// chain, cannot pay the network fees of the prepared transactions and stay rent-exempt (the runtime refuses a fee
// payer left between 0 and the minimum for an empty account).
import { decodeTransaction, type TransactionInput } from './decode';
import { transactionNetworkFee } from './guardRelayer';

export interface BalanceReader {
  getBalance(owner: string): Promise<number>;
  getMinimumBalanceForRentExemption(bytes: number): Promise<number>;
}

export async function ownerCannotPayFees(
  chain: BalanceReader,
  owner: string,
  transactions: readonly TransactionInput[],
): Promise<boolean> {
  const fees = transactions.reduce((s, t) => s + (transactionNetworkFee(decodeTransaction(t)) ?? 0), 0);
  const [balance, minimum] = await Promise.all([chain.getBalance(owner), chain.getMinimumBalanceForRentExemption(0)]);
  return balance < fees + minimum;
}
