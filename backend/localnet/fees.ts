// Transaction fee as a cluster charges it: 5000 lamports per signature plus the priority fee
// (compute-unit price in micro-lamports × compute-unit limit).
import type { DecodedTransaction } from './decode';
import { COMPUTE_BUDGET_PROGRAM } from '../../src/common/addresses';

export const LAMPORTS_PER_SIGNATURE = 5000;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const DEFAULT_UNITS_PER_BUILTIN = 3_000; // builtin programs (incl. the compute-budget instructions themselves)
const MAX_UNITS = 1_400_000;
const BUILTINS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

/** The compute-unit price (micro-lamports) a transaction's SetComputeUnitPrice asks; 0 without one. */
export function computeUnitPrice(d: Pick<DecodedTransaction, 'instructions' | 'accountKeys'>): bigint {
  let price = 0n;
  for (const ix of d.instructions) {
    if (d.accountKeys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM || ix.data[0] !== 3 || ix.data.length < 9) continue;
    price = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength).getBigUint64(1, true);
  }
  return price;
}

export function messageFee(d: Pick<DecodedTransaction, 'instructions' | 'accountKeys' | 'signers'>): number {
  let price = 0n;
  let limit: number | undefined;
  let defaultUnits = 0;
  for (const ix of d.instructions) {
    const program = d.accountKeys[ix.programIdIndex];
    defaultUnits += BUILTINS.has(program) ? DEFAULT_UNITS_PER_BUILTIN : DEFAULT_UNITS_PER_INSTRUCTION;
    if (program !== COMPUTE_BUDGET_PROGRAM) continue;
    const v = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = v.getUint32(1, true);
    if (ix.data[0] === 3 && ix.data.length >= 9) price = v.getBigUint64(1, true);
  }
  const units = BigInt(Math.min(limit ?? defaultUnits, MAX_UNITS));
  const priority = (price * units + 999_999n) / 1_000_000n;
  return d.signers.size * LAMPORTS_PER_SIGNATURE + Number(priority);
}
