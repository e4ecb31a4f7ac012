// Apart from rpc.ts so that batchSplit.ts, which rpc.ts builds on, can name it without importing rpc.ts back.
/** Raw JSON-RPC transport: one request object or a batch in, the matching response(s) out. */
export type RpcTransport = (body: unknown) => Promise<unknown>;
