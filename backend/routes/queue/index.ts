import { randomUUID } from 'crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { VALIDATION } from '../../../src/common/texts';
import type { Services } from '../../context';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { validate, type ValidatedContext } from '../../middleware/validate';
import { UnauthorizedError, verifyAuthorization } from '../../services/authVerify';
import { requireDelegate } from '../../services/delegatedTransfer';
import { bearerToken, newQueueAccessToken, QUEUE_ACCESS_TEXTS, tokenOpens } from '../../services/queueAccess';
import { queueStatusOf, type QueueRecord } from '../../services/queueStore';
import { QueueAuthorizeSchema, QueueCancelSchema, QueueCreateSchema, QueueIdSchema } from './schema';
import type { QueueAuthorizeResponse, QueueCreateResponse, QueueStatusResponse } from '../../../src/common/api';

/** The owner's access token must open the queue: none → 401, another → 403 (services/queueAccess.ts). */
function requireToken(ctx: Context, q: QueueRecord): void {
  const token = bearerToken(ctx);
  if (!token) throw UnauthorizedError(QUEUE_ACCESS_TEXTS.required);
  if (!tokenOpens(q, token)) throw ForbiddenError(QUEUE_ACCESS_TEXTS.wrong);
}

/**
 * Spec §7.5 server-side transfer queue. create → authorize (the owner's signed 'queue-authorize' message naming the
 * queue and exactly its assets, PRODUCT difference 11; answers the owner's access token) → the worker moves each
 * delegated asset to TRASH_WALLET → status (polled with the token) → cancel (the token or a signed 'queue-cancel').
 * Queues live in services.queue's store (built in createApp) and resume after a restart.
 */
export function queueRoutes(services: Services): Router {
  const { store, worker } = services.queue;
  const router = new Router({ prefix: '/api/queue' });

  router.post('/create', validate(QueueCreateSchema), async (ctx: ValidatedContext<typeof QueueCreateSchema>) => {
    const { ownerAddress, assets } = ctx.state.input.body;
    if (assets.length === 0) throw ValidationError(VALIDATION.noAssetsSelected);
    requireDelegate(services);
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
      if (!q) throw NotFoundError('Queue not found');
      if (q.owner !== ownerAddress) throw ForbiddenError('This queue belongs to another wallet');
      if (q.cancelledAt) throw ValidationError('This queue was cancelled');
      const assetIds = q.items.map((i) => i.assetId);
      await verifyAuthorization(
        services,
        ctx,
        { wallet: q.owner, action: 'queue-authorize', queueId, assetIds },
        proof,
      );
      const access = newQueueAccessToken();
      await store.update(queueId, (r) => {
        if (!r.authorizedAt) r.authorizedAt = Date.now();
        r.accessTokenHash = access.hash; // a newer authorisation replaces the older token
      });
      worker.kick();
      ctx.body = { success: true, accessToken: access.token } satisfies QueueAuthorizeResponse;
    },
  );

  router.get('/status/:queueId', validate(QueueIdSchema), async (ctx: ValidatedContext<typeof QueueIdSchema>) => {
    const q = await store.get(ctx.state.input.params.queueId);
    if (!q) throw NotFoundError('Queue not found');
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
      if (!q) throw NotFoundError('Queue not found');
      if (ownerAddress && q.owner !== ownerAddress) throw ForbiddenError('This queue belongs to another wallet');
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
