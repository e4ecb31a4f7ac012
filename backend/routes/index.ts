import fs from 'fs';
import path from 'path';
import type Router from '@koa/router';
import type { Services } from '../context';

/**
 * Every /api resource: each folder `routes/<resource>/index.ts` exports one factory named `<resource>Routes`
 * taking the Services and answering a Router. Found by folder so resources can be added without editing this file.
 */
export function apiRouters(services: Services): Router[] {
  const routers: Router[] = [];
  for (const dir of fs.readdirSync(__dirname, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'static') continue;
    let mod: Record<string, unknown>;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      mod = require(path.join(__dirname, dir.name));
    } catch (err) {
      // One broken resource must not take the whole server down; its paths answer 404 and the log says why.
      services.logger.error({ err }, `routes/${dir.name} failed to load`);
      continue;
    }
    const factories = Object.entries(mod).filter(([name, f]) => typeof f === 'function' && /Routes$/.test(name));
    if (factories.length !== 1) throw new Error(`backend/routes/${dir.name}/index.ts must export exactly one <name>Routes factory`);
    routers.push((factories[0][1] as (s: Services) => Router)(services));
  }
  return routers;
}
