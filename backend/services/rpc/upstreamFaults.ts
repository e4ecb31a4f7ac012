// How a provider says "slow down", "who are you" or "I am not well" — on HTTP 429/401, or inside a JSON-RPC error
// on HTTP 200 — and what each route answers for it. A provider's failure is never the user's fault: never a 4xx
// other than 429, never a bare 500. Observed shapes are kept in __tests__/fixtures/upstream/errors.json.
import { AppError, RateLimitedError, RpcError } from '../../errors';
import { SERVER_ERRORS } from '../../../src/common/texts/serverErrorTexts';

/**
 * The HTTP status that fits a JSON-RPC error a provider answered, or undefined when it is an ordinary answer
 * (bad params, not found, simulation failed …) that the caller should judge itself.
 */
export function upstreamStatusOf(code: number, message: string): number | undefined {
  const text = String(message ?? '');
  // 429 inside the body (Triton/rpcpool), -32429 and "rate limit(ed)" texts from other providers.
  if (code === 429 || code === -32429 || /rate.?limit|too many requests|credits? (exhausted|exceeded)/i.test(text))
    return 429;
  // Credentials refused: HTTP-style codes in the body, or a key/plan text. -32001 is also Solana's "block cleaned up".
  if (
    code === 401 ||
    code === 403 ||
    code === -32401 ||
    code === -32403 ||
    /api.?key|unauthori[sz]ed|forbidden|authenticat/i.test(text)
  )
    return 502;
  if (code === -32001 && !/block|slot/i.test(text)) return 502;
  // -32005: node unhealthy / behind; -32603 with an upstream text: the provider's own internal error.
  if (code === -32005) return 503;
  return undefined;
}

/** A single JSON-RPC answer whose error is a rate limit (some providers answer it on HTTP 200). */
export function isRateLimitAnswer(answer: unknown): boolean {
  const e = (answer as { error?: { code?: number; message?: string } } | null)?.error;
  return !!e && !Array.isArray(answer) && upstreamStatusOf(Number(e.code), String(e.message ?? '')) === 429;
}

export interface UpstreamTexts {
  /** 503: the provider is down or unhealthy; also 502 (bad answer, credentials refused). */
  unavailable: string;
  /** 504: the provider did not answer in time. Default: the spec's 'Request timed out - please try again'. */
  timeout?: string;
}

export const REQUEST_TIMED_OUT = SERVER_ERRORS.upstream_timeout;
/** Any route without a text of its own (the error middleware's fallback). */
export const UPSTREAM_UNAVAILABLE = SERVER_ERRORS.service_unavailable;

/**
 * The route's answer for an upstream failure, or null when `err` is not one (an AppError made here, a programming
 * error). Callers that give some JSON-RPC errors a meaning of their own ("Asset not found" → 404) check those first:
 * any other JSON-RPC error is the provider's failure to answer (502).
 */
export function upstreamFailure(err: unknown, texts: UpstreamTexts): AppError | null {
  if (err instanceof AppError) return null;
  const status = upstreamHttpStatus(err);
  if (status === undefined) return null;
  if (status === 429) return RateLimitedError();
  if (status === 504) return new AppError(504, 'upstream_timeout', texts.timeout ?? REQUEST_TIMED_OUT, true);
  if (status === 502) return new AppError(502, 'upstream_error', texts.unavailable, true);
  return new AppError(503, 'service_unavailable', texts.unavailable, true);
}

/** Key in the body our Connection's fetch answers for a transport failure; web3.js keeps the body in its message. */
export const UPSTREAM_STATUS_MARKER = 'solbackUpstreamStatus';
const MARKED = new RegExp(`"${UPSTREAM_STATUS_MARKER}":(429|50[0-9])`);

/** 429, 502, 503 or 504 for an error that came from the upstream, else undefined. */
export function upstreamHttpStatus(err: unknown): number | undefined {
  if (!(err instanceof RpcError)) {
    const s = (err as { httpStatus?: number } | null)?.httpStatus;
    if (s === 429) return 429;
    const marked = MARKED.exec(String((err as Error | null)?.message ?? ''));
    // web3.js' SolanaJSONRPCError (the server's Connection) keeps the provider's JSON-RPC code.
    const code = (err as { code?: unknown } | null)?.code;
    if (!marked)
      return typeof code === 'number' ? upstreamStatusOf(code, String((err as Error).message ?? '')) : undefined;
    const m = Number(marked[1]);
    return m === 429 || m === 502 || m === 504 ? m : 503;
  }
  const byCode = upstreamStatusOf(err.code, err.message);
  if (byCode) return byCode;
  const h = err.httpStatus;
  // A JSON-RPC error the caller did not handle itself: the provider could not answer what we asked (502).
  if (h === undefined) return 502;
  if (h === 429) return 429;
  if (h === 504) return 504;
  if (h === 502 || (h >= 400 && h < 500)) return 502;
  return 503;
}
