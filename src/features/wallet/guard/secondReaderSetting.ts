// Where the page keeps the second chain reader the user chose (src/common/secondReader.ts): the full address in this
// browser's localStorage, its origin in a cookie for the server's CSP. Without one, the reader the server offers
// (PUBLIC_SECOND_READER, in /api/config and its CSP) is used unless the user turned it off. The guard reads through
// both readers when one is in use (src/chain/crossCheckedReader.ts).
import { Connection } from '@solana/web3.js';
import { type ChainReader, connectionChainReader } from '../../../chain/chainReader';
import { crossCheckedReader } from '../../../chain/crossCheckedReader';
import {
  SECOND_READER_COOKIE,
  SECOND_READER_STORAGE_KEY,
  secondReaderOrigin,
  secondReaderOriginFromCookie,
} from '../../../common/secondReader';

const YEAR_S = 365 * 24 * 3600;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (private mode): no second reader can be kept
  }
}

/** The second reader's address, when one is set and still acceptable. */
export function storedSecondReader(): string | null {
  const address = storage()?.getItem(SECOND_READER_STORAGE_KEY) ?? null;
  return address && secondReaderOrigin(address) ? address : null;
}

function writeCookie(value: string, maxAgeS: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SECOND_READER_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Strict${secure}`;
}

/** Keeps `address` as the second reader; false (nothing kept) when it is not one the page may use. */
export function saveSecondReader(address: string): boolean {
  const origin = secondReaderOrigin(address);
  const kept = storage();
  if (!origin || !kept) return false;
  kept.setItem(SECOND_READER_STORAGE_KEY, address.trim());
  writeCookie(origin, YEAR_S);
  return true;
}

export function clearSecondReader(): void {
  storage()?.removeItem(SECOND_READER_STORAGE_KEY);
  writeCookie('', 0);
}

/**
 * True when the reader is kept but this page's CSP was sent without it (its cookie was cleared): the cookie is written
 * again, and the page must load again before it can reach the reader.
 */
export function secondReaderNeedsReload(): boolean {
  const address = storedSecondReader();
  if (!address) return false;
  const origin = secondReaderOrigin(address)!;
  if (secondReaderOriginFromCookie(document.cookie) === origin) return false;
  writeCookie(origin, YEAR_S);
  return true;
}

/** Kept when the user turns off the reader the server offers (PUBLIC_SECOND_READER); it stays off in this browser. */
const OFFERED_OFF_KEY = 'solback.offeredSecondReaderOff';

export function offeredReaderTurnedOff(): boolean {
  return storage()?.getItem(OFFERED_OFF_KEY) === '1';
}

/** Turns the offered reader off (true) or on again (false); the CSP allows it either way, so no reload is needed. */
export function turnOffOfferedReader(off: boolean): void {
  if (off) storage()?.setItem(OFFERED_OFF_KEY, '1');
  else storage()?.removeItem(OFFERED_OFF_KEY);
}

/** The reader the guard reads beside this server: the user's own, else the offered one unless turned off, else none. */
function activeSecondReader(offered: string | null | undefined): string | null {
  const own = storedSecondReader();
  if (own) return own;
  return offered && secondReaderOrigin(offered) && !offeredReaderTurnedOff() ? offered : null;
}

let second: { address: string; connection: Connection } | null = null;

interface GuardReader {
  reader: ChainReader;
  /** The second reader's origin, or null: this server's reading alone (the page says so). */
  secondReader: string | null;
}

/**
 * The reader the guard uses: this server's chain, and the second reader's beside it when one is in use (the user's,
 * or the one the server offers in /api/config).
 */
export function guardReader(
  connection: Parameters<typeof connectionChainReader>[0],
  offered?: string | null,
): GuardReader {
  const own = connectionChainReader(connection);
  const address = activeSecondReader(offered);
  if (!address) return { reader: own, secondReader: null };
  if (second?.address !== address) second = { address, connection: new Connection(address, 'confirmed') };
  const label = secondReaderOrigin(address)!;
  return { reader: crossCheckedReader(own, connectionChainReader(second.connection), { label }), secondReader: label };
}
