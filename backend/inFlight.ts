// Counts the HTTP requests a server is answering, so a drain can wait for them (RELIABILITY, graceful drain).
// Websocket upgrades are not requests here: they are closed with a reason instead.
import type http from 'http';

export interface InFlight {
  readonly count: number;
  /** Resolves when no request is in flight, or after `ms` (then `false`). */
  idle(ms: number): Promise<boolean>;
}

export function trackInFlight(): InFlight & { attach(server: http.Server): void } {
  let count = 0;
  const waiters = new Set<() => void>();
  const done = () => {
    if (--count === 0) for (const w of waiters) w();
  };
  return {
    get count() {
      return count;
    },
    attach(server) {
      server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
        count++;
        res.once('close', done);
      });
    },
    idle(ms) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(ok);
        };
        const wake = () => finish(true);
        const timer = setTimeout(() => finish(false), ms);
        waiters.add(wake);
      });
    },
  };
}
