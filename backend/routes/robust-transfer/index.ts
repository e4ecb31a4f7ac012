import Router from '@koa/router';
import nacl from 'tweetnacl';
import type { Middleware } from 'koa';
import { VersionedTransaction } from '@solana/web3.js';
import { BUBBLEGUM_DISCRIMINATORS } from '../../../src/chain/cnft';
import { checkTransaction } from '../../../src/chain/guard';
import { decodeTransaction } from '../../../src/chain/decode';
import { BUBBLEGUM_PROGRAM } from '../../../src/common/addresses';
import { CNFT_OUTCOMES, GUARD, VACANT_ERRORS } from '../../../src/common/texts';
import type { Services } from '../../context';
import { appError, ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { explorerUrlFor, fetchCnft } from '../../services/nft/cnftData';
import { cnftSendFailure } from '../../services/nft/cnftSendFailure';
import { sendAndConfirm } from '../../services/rpc/send';
import { RobustTransferSchema } from './schema';
import type { RobustTransferResponse } from '../../../src/common/api';

/** Refused before anything else looks at the body (and before validation could echo it). */
const refusePrivateKeys: Middleware = async (ctx, next) => {
  const body = (ctx.request as { body?: unknown }).body;
  if (body && typeof body === 'object' && Object.keys(body).some((k) => /private.?key|secret.?key/i.test(k))) {
    throw ValidationError(GUARD.privateKeysRefused);
  }
  await next();
};

/** ed25519 check of every required signature over the message bytes. */
export function signaturesValid(tx: VersionedTransaction): boolean {
  try {
    return checkSignatures(tx);
  } catch {
    return false;
  }
}

function checkSignatures(tx: VersionedTransaction): boolean {
  const message = tx.message.serialize();
  const keys = tx.message.staticAccountKeys;
  const n = tx.message.header.numRequiredSignatures;
  for (let i = 0; i < n; i++) {
    const sig = tx.signatures[i];
    if (!sig || sig.every((b) => b === 0)) return false;
    if (!nacl.sign.detached.verify(message, sig, keys[i].toBytes())) return false;
  }
  return true;
}

/**
 * POST /api/robust-transfer {assetId, destinationAddress, signedTransaction} — relays a transfer the page built and
 * signed with the key pasted into the robust modal (PRODUCT difference 1: the key never leaves the browser). It must be one
 * Bubblegum transfer of exactly that asset to TRASH_WALLET, signed by the leaf owner. Rebroadcast until confirmed.
 */
export function robustTransferRoutes(services: Services): Router {
  const router = new Router({ prefix: '/api' });
  router.post(
    '/robust-transfer',
    refusePrivateKeys,
    validate(RobustTransferSchema),
    async (ctx: ValidatedContext<typeof RobustTransferSchema>) => {
      const { assetId, destinationAddress, signedTransaction } = ctx.state.input.body;
      const trash = services.config.trashWallet;
      if (destinationAddress !== trash) throw appError(400, 'only_to_trash');
      let tx: VersionedTransaction;
      try {
        tx = VersionedTransaction.deserialize(Buffer.from(signedTransaction, 'base64'));
      } catch {
        throw appError(400, 'not_base64');
      }
      const asset = await fetchCnft(services, assetId);
      const owner = asset.ownership.owner;
      if (asset.burnt) throw appError(400, 'cnft_burnt');
      let decoded;
      try {
        decoded = decodeTransaction(tx);
      } catch {
        throw appError(400, 'not_base64');
      }
      const transfers = decoded.instructions.filter(
        (ix) =>
          ix.programId === BUBBLEGUM_PROGRAM && BUBBLEGUM_DISCRIMINATORS.transfer.every((b, i) => ix.data[i] === b),
      );
      const verdict = checkTransaction(tx, {
        owner,
        kind: 'trashCnft',
        allowedAccounts: [assetId],
        trashWallet: trash,
      });
      if (transfers.length !== 1 || !verdict.ok) {
        throw ValidationError(
          `The transaction must be one transfer of this cNFT to the trash wallet, signed by its owner${verdict.ok ? '' : ` (${verdict.reason})`}`,
        );
      }
      if (!signaturesValid(tx)) throw appError(403, 'not_signed_by_owner');
      let raw: Uint8Array;
      try {
        raw = tx.serialize();
      } catch {
        throw appError(400, 'not_base64');
      }
      const [outcome] = await sendAndConfirm(services.rpc, [raw], {
        timeoutMs: services.config.confirmTimeoutMs,
      }).catch((err: Error) => {
        throw cnftSendFailure(err);
      });
      if (outcome.status === 'refused') throw cnftSendFailure(outcome.err);
      const explorerUrl = explorerUrlFor(services, outcome.signature, ctx.origin);
      if (outcome.status === 'confirmed') {
        ctx.body = { success: true, signature: outcome.signature, explorerUrl } satisfies RobustTransferResponse;
      } else if (outcome.status === 'timeout') {
        ctx.status = 202;
        ctx.body = {
          success: true,
          pending: true,
          signature: outcome.signature,
          explorerUrl,
          message: CNFT_OUTCOMES.assumedSuccess,
        } satisfies RobustTransferResponse;
      } else {
        ctx.status = 400;
        ctx.body = {
          success: false,
          signature: outcome.signature,
          error:
            outcome.status === 'expired' ? VACANT_ERRORS.expired : `Transfer failed: ${JSON.stringify(outcome.err)}`,
        } satisfies RobustTransferResponse;
      }
    },
  );
  return router;
}
