import type { RequestListener } from 'http';
import type Koa from 'koa';

/** Koa's handler for `http.createServer`. Koa answers its own errors, so the promise it returns is dropped on purpose. */
export function nodeHandler(app: Koa): RequestListener {
  const handle = app.callback();
  return (req, res) => void handle(req, res);
}
