// Local funding of the lookup-table source: an active table with the wallet as authority.
// backend/localnet/fund/recovery.ts runs it for the demo and large profiles.
import { Keypair } from '@solana/web3.js';
import type { FundEnv } from '../../../../../backend/localnet/fund/fundEnv';
import { pk } from '../../../../../backend/localnet/fund/tx';
import { LOOKUP_TABLE_PROGRAM, TABLE_AUTHORITY_OFFSET, TABLE_META_SIZE, U64_MAX } from '../../layouts';

/**
 * A table with the wallet as authority and two addresses. Extending needs the authority's signature, which funding
 * does not have, so the account is written directly in the program's layout (layouts.ts), active, at the legacy rent.
 */
export function fundLookupTable(env: FundEnv, owner: string, addresses: string[]): string {
  const { chain } = env;
  const table = Keypair.generate().publicKey.toBase58();
  const data = Buffer.alloc(TABLE_META_SIZE + 32 * addresses.length);
  data.writeUInt32LE(1, 0); // LookupTable
  data.writeBigUInt64LE(U64_MAX, 4); // deactivation slot: active
  data.writeBigUInt64LE(BigInt(chain.slot()), 12); // last extended slot
  data[21] = 1; // Some(authority)
  pk(owner).toBuffer().copy(data, TABLE_AUTHORITY_OFFSET);
  addresses.forEach((a, i) =>
    pk(a)
      .toBuffer()
      .copy(data, TABLE_META_SIZE + 32 * i),
  );
  chain.setAccount(table, { lamports: chain.rent(data.length), data, owner: LOOKUP_TABLE_PROGRAM });
  return table;
}
