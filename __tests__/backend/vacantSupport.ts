// Shared by the rent-estimate and vacant-account HTTP tests (each starts its app with startLocalChainServer): sums
// and the base64 form the server's answers carry transactions in.
import { Transaction } from '@solana/web3.js';
export { networkFee } from '../support/networkFee';

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export const fromBase64 = (b64: string) => Transaction.from(Buffer.from(b64, 'base64'));
export const toBase64 = (tx: Transaction) => tx.serialize().toString('base64');
