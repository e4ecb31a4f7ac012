// Reads a wallet's token accounts (SPL Token and Token-2022, one getTokenAccountsByOwner per program): the server's
// reading behind the recovery scan context's `tokenAccounts()`. The empty-account source (src/chain/recovery/sources/
// vacant.ts) sorts them into the safe-to-close set and the ones we report but never close (PRODUCT difference 7).
import { LRUCache } from 'lru-cache';
import { AccountState, getTransferFeeAmount, unpackAccount } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { NATIVE_MINT, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';
import type { RpcClient } from '../rpc/rpc';

import type { ScannedTokenAccount } from '../../../src/chain/recovery/source';
export type { ScannedTokenAccount } from '../../../src/chain/recovery/source';
export type { VacantAccountInfo } from '../../../src/chain/vacantAccounts';
export { classifyVacant } from '../../../src/chain/recovery/sources/vacant/source';

export const TOKEN_PROGRAMS = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM] as const;

interface RawKeyedAccount {
  pubkey: string;
  account: { data: [string, string]; lamports: number; owner: string; executable: boolean; rentEpoch?: number };
}

export async function scanTokenAccounts(rpc: RpcClient, owner: string): Promise<ScannedTokenAccount[]> {
  const perProgram = await Promise.all(
    TOKEN_PROGRAMS.map((programId) =>
      rpc.call<{ value: RawKeyedAccount[] }>('getTokenAccountsByOwner', [
        owner,
        { programId },
        { encoding: 'base64', commitment: 'confirmed' },
      ]),
    ),
  );
  const out: ScannedTokenAccount[] = [];
  perProgram.forEach((res, i) => {
    for (const item of res?.value ?? []) {
      const scanned = decodeTokenAccount(item, TOKEN_PROGRAMS[i]);
      if (scanned && scanned.owner === owner) out.push(scanned);
    }
  });
  return out;
}

// Decoded accounts remembered by their exact bytes (a changed account is a new key, so this is safe against any
// cluster): unpacking and base58-encoding thousands of accounts at every rent estimate or vacant scan cost ~20 µs each.
// At most 50,000, the least recently used dropped first (npm lru-cache, which holds objects: a refusal is { hit: null }).
const decodedCache = new LRUCache<string, { hit: ScannedTokenAccount | null }>({ max: 50_000 });

function decodeTokenAccount(item: RawKeyedAccount, programId: string): ScannedTokenAccount | null {
  const key = `${programId}:${item.pubkey}:${item.account.lamports}:${item.account.rentEpoch ?? 0}:${item.account.data[0]}`;
  let entry = decodedCache.get(key);
  if (entry === undefined) {
    entry = { hit: decodeUncached(item, programId) };
    decodedCache.set(key, entry);
  }
  return entry.hit && { ...entry.hit };
}

function decodeUncached(item: RawKeyedAccount, programId: string): ScannedTokenAccount | null {
  const program = new PublicKey(programId);
  const data = Buffer.from(item.account.data[0], 'base64');
  try {
    const acc = unpackAccount(
      new PublicKey(item.pubkey),
      {
        data,
        owner: program,
        lamports: item.account.lamports,
        executable: false,
        rentEpoch: item.account.rentEpoch ?? 0,
      },
      program,
    );
    const fee = programId === TOKEN_2022_PROGRAM ? getTransferFeeAmount(acc) : null;
    const mint = acc.mint.toBase58();
    return {
      address: item.pubkey,
      programId,
      mint,
      owner: acc.owner.toBase58(),
      amount: acc.amount,
      lamports: item.account.lamports,
      frozen: acc.isFrozen || (acc as { state?: AccountState }).state === AccountState.Frozen,
      delegate: acc.delegate?.toBase58() ?? null,
      closeAuthority: acc.closeAuthority?.toBase58() ?? null,
      nativeReserve:
        acc.isNative || mint === NATIVE_MINT
          ? Number(acc.rentExemptReserve ?? BigInt(item.account.lamports) - acc.amount)
          : null,
      withheldAmount: fee?.withheldAmount ?? 0n,
      space: data.length,
    };
  } catch {
    return null; // not a token account we understand: never touch it
  }
}

export const sumLamports = (list: { lamports: number }[]): number => list.reduce((s, a) => s + a.lamports, 0);
