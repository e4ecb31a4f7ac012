import { randomUUID } from 'crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { VALIDATION } from '../../../src/common/texts';
import type { Services } from '../../context';
import { appError, ForbiddenError, ValidationError } from '../../errors';
import { clientAddress } from '../../middleware/rateLimit';
import { PENDING_QUEUE_TTL_MS } from '../../services/queue/pendingQueues';
import { windowCounter } from '../../services/limits/windowCounter';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { UnauthorizedError, verifyAuthorization } from '../../services/auth/authVerify';
import { requireDelegate } from '../../services/nft/delegatedTransfer';
import { bearerToken, newQueueAccessToken, QUEUE_ACCESS_TEXTS, tokenOpens } from '../../services/queue/queueAccess';
import { listedCnfts, NOT_LISTED } from '../../services/queue/queueAssets';
import { queueStatusOf, type QueueRecord } from '../../services/queue/queueStore';
import { QueueAuthorizeSchema, QueueCancelSchema, QueueCreateSchema, QueueIdSchema } from './schema';
import type { QueueAuthorizeResponse, QueueCreateResponse, QueueStatusResponse } from '../../../src/common/api';

/** Unauthorised queues one client may hold at once (each expires 10 minutes after create). */
export const MAX_UNAUTHORISED_PER_CLIENT = 5;
/** Queues one client may have written (authorised) in an hour. */
export const MAX_WRITTEN_PER_CLIENT_PER_HOUR = 30;

/** The owner's access token must open the queue: none → 401, another → 403 (services/queue/queueAccess.ts). */
function requireToken(ctx: Context, q: QueueRecord): void {
  const token = bearerToken(ctx);
  if (!token) throw UnauthorizedError(QUEUE_ACCESS_TEXTS.required);
  if (!tokenOpens(q, token)) throw ForbiddenError(QUEUE_ACCESS_TEXTS.wrong);
}

/**
 * docs/PRODUCT.md#server-calls server-side transfer queue. create → authorize (the owner's signed 'queue-authorize' message naming the
 * queue and exactly its assets, PRODUCT difference 11; answers the owner's access token) → the worker moves each
 * delegated asset to TRASH_WALLET → status (polled with the token) → cancel (the token or a signed 'queue-cancel').
 * Queues live in services.queue's store (built in createApp) and resume after a restart.
 */
export function queueRoutes(services: Services): Router {
  const { store, worker } = services.queue;
  const router = new Router({ prefix: '/api/queue' });
  // RELIABILITY, "Hostile clients": an unauthorised queue is held in memory (the store), a few per client at a time;
  // written queues (each needs its owner's signature) are counted per client too.
  const creates = windowCounter(MAX_UNAUTHORISED_PER_CLIENT, PENDING_QUEUE_TTL_MS);
  const writes = windowCounter(MAX_WRITTEN_PER_CLIENT_PER_HOUR, 3600_000);
  const client = (ctx: Context) => clientAddress(ctx, services.config.trustProxy);

  router.post('/create', validate(QueueCreateSchema), async (ctx: ValidatedContext<typeof QueueCreateSchema>) => {
    const { ownerAddress, assets } = ctx.state.input.body;
    if (assets.length === 0) throw ValidationError(VALIDATION.noAssetsSelected);
    requireDelegate(services);
    if (!creates.take(client(ctx))) throw appError(429, 'queue_limit');
    const seen = new Set<string>();
    const items = [];
    for (const a of assets) {
      if (seen.has(a.assetId)) continue;
      seen.add(a.assetId);
      items.push({
        assetId: a.assetId,
        name: a.name,
        image: a.image ?? null,
        state: 'pending' as const,
        attempts: 0,
        updatedAt: Date.now(),
      });
    }
    const id = randomUUID();
    await store.create({ id, owner: ownerAddress, createdAt: Date.now(), items });
    ctx.body = { success: true, queueId: id } satisfies QueueCreateResponse;
  });

  router.post(
    '/authorize',
    validate(QueueAuthorizeSchema),
    async (ctx: ValidatedContext<typeof QueueAuthorizeSchema>) => {
      const { queueId, ownerAddress, ...proof } = ctx.state.input.body;
      const q = await store.get(queueId);
      if (!q) throw appError(404, 'queue_not_found');
      if (q.owner !== ownerAddress) throw appError(403, 'queue_of_another_wallet');
      if (q.cancelledAt) throw appError(400, 'queue_cancelled');
      const assetIds = q.items.map((i) => i.assetId);
      await verifyAuthorization(
        services,
        ctx,
        { wallet: q.owner, action: 'queue-authorize', queueId, assetIds },
        proof,
      );
      const listed = q.authorizedAt ? null : await listedCnfts(services.das, q.owner, assetIds);
      if (!q.authorizedAt) {
        if (!writes.take(client(ctx))) throw appError(429, 'queue_limit');
        // No longer held unauthorised: its slot is free again (the page creates the queue before the one wallet
        // approval, so honest queues must not use up the allowance of unauthorised ones).
        creates.giveBack(client(ctx));
      }
      const access = newQueueAccessToken();
      await store.update(queueId, (r) => {
        if (!r.authorizedAt && listed)
          for (const it of r.items)
            if (it.state === 'pending' && !listed.has(it.assetId))
              Object.assign(it, { state: 'failed', error: NOT_LISTED, updatedAt: Date.now() });
        if (!r.authorizedAt) r.authorizedAt = Date.now();
        r.accessTokenHash = access.hash; // a newer authorisation replaces the older token
      });
      worker.kick();
      ctx.body = { success: true, accessToken: access.token } satisfies QueueAuthorizeResponse;
    },
  );

  router.get('/status/:queueId', validate(QueueIdSchema), async (ctx: ValidatedContext<typeof QueueIdSchema>) => {
    const q = await store.get(ctx.state.input.params.queueId);
    if (!q) throw appError(404, 'queue_not_found');
    requireToken(ctx, q);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, status: queueStatusOf(q) } satisfies QueueStatusResponse;
  });

  router.post(
    '/cancel/:queueId',
    validate(QueueCancelSchema),
    async (ctx: ValidatedContext<typeof QueueCancelSchema>) => {
      const { queueId } = ctx.state.input.params;
      const { ownerAddress, ...proof } = ctx.state.input.body;
      const q = await store.get(queueId);
      if (!q) throw appError(404, 'queue_not_found');
      if (ownerAddress && q.owner !== ownerAddress) throw appError(403, 'queue_of_another_wallet');
      if (bearerToken(ctx) || !proof.message) requireToken(ctx, q);
      else {
        const assetIds = q.items.map((i) => i.assetId);
        await verifyAuthorization(services, ctx, { wallet: q.owner, action: 'queue-cancel', queueId, assetIds }, proof);
      }
      const updated = await store.update(queueId, (r) => {
        if (!r.cancelledAt) r.cancelledAt = Date.now();
        // Not yet started: dropped at once. An item being sent is settled by the worker.
        for (const it of r.items)
          if (it.state === 'pending') Object.assign(it, { state: 'cancelled', updatedAt: Date.now() });
      });
      worker.kick();
      ctx.body = { success: true, status: queueStatusOf(updated) } satisfies QueueStatusResponse;
    },
  );
  return router;
}
