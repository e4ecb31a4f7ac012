import { z } from 'zod';
import { base58Address, base64Transaction, signature64 } from '../schemas';

const base64Tx = base64Transaction;

export const VacantListSchema = {
  body: z.strictObject({
    ownerAddress: base58Address,
    // Listing reads public data only, so the spec's placeholder is accepted (PRODUCT difference 3).
    signedMessage: z.string().min(1).max(1024),
  }),
};

/** The client's list only narrows the set; entries may be addresses or the listed account objects. */
const accountRef = z.union([base58Address, z.looseObject({ address: base58Address }).transform((a) => a.address)]);

export const PrepareSchema = {
  body: z.strictObject({
    ownerAddress: base58Address,
    vacantAccounts: z.array(accountRef).max(5000).optional(),
    /** Also withdraw the surplus rent of kept accounts (WithdrawExcessLamports, PRODUCT difference 13). */
    withdrawSurplus: z.boolean().optional(),
    /** Let the server's relayer pay the network fee, repaid exactly in each transaction (PRODUCT difference 15). */
    relayFee: z.boolean().optional(),
  }),
};

export const SubmitSchema = {
  body: z
    .strictObject({
      signedTransaction: base64Tx.optional(),
      signedTransactions: z.array(base64Tx).min(1).max(200).optional(),
      /** The owner's wallet sent them itself (sign-and-send): their signatures, read back from the chain. */
      sentSignatures: z.array(signature64).min(1).max(200).optional(),
      accountCount: z.int().min(0).optional(),
    })
    .refine((b) => [b.signedTransaction, b.signedTransactions, b.sentSignatures].filter(Boolean).length === 1, {
      message: 'one of signedTransaction, signedTransactions or sentSignatures is required',
    }),
};
