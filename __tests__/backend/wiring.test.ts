// The backend's routers are a static list that fails at start-up, each route folder is named after
// the URL it serves, the queue worker belongs to the app (not to a route module), and refusals answer 403.
import fs from 'fs';
import path from 'path';
import type Router from '@koa/router';
import type { Services } from '../../backend/context';
import { AppError, appError, ForbiddenError } from '../../backend/errors';
import { SERVER_ERRORS } from '../../src/common/texts/serverErrorTexts';
import { API_ROUTES, apiRouters } from '../../backend/routes';
import { startServer, type TestServer } from './helpers';

const ROUTES_DIR = path.join(__dirname, '../../backend/routes');
/** Folders that group several URL segments (documented in backend/routes/index.ts). */
const GROUPS: Record<string, string[]> = {
  vacant: ['burn-vacant-accounts', 'prepare-burn-transactions', 'submit-burn-transaction'],
  asset: ['asset', 'helius'],
  delegate: ['delegate', 'delegated-transfer'],
};

describe('backend wiring', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('lists every route folder once, and each folder is named after the first /api segment it serves', () => {
    const folders = fs
      .readdirSync(ROUTES_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'static')
      .map((d) => d.name)
      .sort();
    expect(API_ROUTES.map(([name]) => name).sort()).toEqual(folders);
    const routers = apiRouters(s.solback.services);
    API_ROUTES.forEach(([name], i) => {
      const segments = new Set(routers[i].stack.map((layer) => String(layer.path).split('/')[2]));
      expect([name, [...segments].sort()]).toEqual([name, (GROUPS[name] ?? [name]).sort()]);
    });
  });

  it('a route that cannot start stops the app at start-up with its name', () => {
    const broken = (): Router => {
      throw new Error('no store');
    };
    expect(() => apiRouters(s.solback.services, [['queue', broken]])).toThrow(
      'backend/routes/queue failed to start: no store',
    );
    // A route built without the app's queue cannot start either: the queue is no route's to create.
    const withoutQueue = { ...s.solback.services, queue: undefined } as unknown as Services;
    expect(() => apiRouters(withoutQueue)).toThrow(/backend\/routes\/queue failed to start/);
  });

  it('the queue store and worker are the app’s, handed to routes through Services', async () => {
    expect(s.solback.services.queue).toBe(s.solback.queue);
    const other = await startServer();
    try {
      expect(other.solback.queue.worker).not.toBe(s.solback.queue.worker);
    } finally {
      await other.close();
    }
  });

  it('an error carries a catalogue id and its message is looked up there, shown to the user', async () => {
    const err = appError(403, 'queue_of_another_wallet');
    expect(err).toBeInstanceOf(AppError);
    expect([err.status, err.id, err.expose, err.message]).toEqual([
      403,
      'queue_of_another_wallet',
      true,
      SERVER_ERRORS.queue_of_another_wallet,
    ]);
    expect(appError(400, 'only_server_delegate', 'D1').message).toBe(SERVER_ERRORS.only_server_delegate('D1'));
    expect([ForbiddenError().id, ForbiddenError().message]).toEqual(['forbidden', SERVER_ERRORS.forbidden]);
  });
});
