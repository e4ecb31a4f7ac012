// The security layers real wallets run between a page's request and the user, as test-wallet guards
// (testWallet.ts `guard`), and the three wallets of the "through the wallet's own guard" suite:
// - guarded: Phantom's Lighthouse additions (src/chain/walletAdditions.ts: a compute-budget pair where none is there,
//   three assertions before the payload and one after) on every transaction it signs and sends; a transaction that
//   would then pass the 1,232-byte packet fails the whole request, as the wallet's own check does;
// - batch-refusing: Phantom's answer to a site it has not reviewed, for every request of 2 or more transactions;
// - send-only: an embedded or mobile wallet, sign-and-send only.
import { PACKET_DATA_SIZE, type VersionedTransaction } from '@solana/web3.js';
import { addWalletGuards } from '../../../src/chain/walletAdditions';
import { WALLET_KINDS, type WalletFeature, type WalletGuard } from './testWallet';

export const BATCH_BLOCKED = 'Request blocked. This dApp could be malicious. (RELIABLE_SIMULATION_NOT_POSSIBLE)';

/** Bytes on the wire, or Infinity when web3.js cannot even lay it out in one packet. */
function wireSize(tx: VersionedTransaction): number {
  try {
    return tx.serialize().length;
  } catch {
    return Infinity;
  }
}

export const GUARDS = {
  guarded: {
    rewrite: (tx) => {
      const guarded = addWalletGuards(tx);
      const size = wireSize(guarded);
      if (size > PACKET_DATA_SIZE)
        throw new Error(
          `Transaction too large for the wallet's safety checks (${Number.isFinite(size) ? `${size} bytes` : `over ${PACKET_DATA_SIZE} bytes`})`,
        );
      return guarded;
    },
  },
  batchRefusing: { refuse: (op, count) => (op !== 'signMessage' && count > 1 ? BATCH_BLOCKED : undefined) },
  sendOnly: {},
} as const satisfies Record<string, WalletGuard>;

export type GuardedKind = keyof typeof GUARDS;

/** Each wallet's features: the guarded and batch-refusing ones are Phantom today; send-only sends only. */
export const GUARDED_FEATURES: Record<GuardedKind, readonly WalletFeature[]> = {
  guarded: WALLET_KINDS.phantomAll,
  batchRefusing: WALLET_KINDS.phantomAll,
  sendOnly: ['solana:signAndSendTransaction'],
};
