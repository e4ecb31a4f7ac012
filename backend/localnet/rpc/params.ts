// Parameter checks for JSON-RPC methods: a malformed parameter answers -32602, never reaches LiteSVM.
import { isValidAddress } from '../decode';
import { RpcError } from '../txErrors';

export const invalidParams = (why: string) => new RpcError(-32602, `Invalid params: ${why}`);

export function asArray(params: unknown): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams('expected an array of parameters');
  return params;
}

export function addressParam(v: unknown, what = 'address'): string {
  if (!isValidAddress(v)) throw invalidParams(`invalid ${what}: ${String(v).slice(0, 64)}`);
  return v;
}

export function configParam<T extends object>(v: unknown): T {
  if (v === undefined || v === null) return {} as T;
  if (typeof v !== 'object' || Array.isArray(v)) throw invalidParams('invalid config');
  return v as T;
}

export function intParam(v: unknown, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) throw invalidParams(`invalid ${what}`);
  return v;
}
