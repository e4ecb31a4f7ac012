// The wallet's Metaplex Core assets, for the rent estimate (PRODUCT difference 12). DAS first (every DAS provider
// indexes Core assets by owner), then getProgramAccounts on the Core program; a provider that answers neither
// is `refused` — "not checked on this provider", never a silent zero (docs/UPSTREAM.md, "Core assets"). The
// candidates are only addresses: the burn plan reads each account on chain before any figure is given.
import bs58 from 'bs58';
import { type Connection, PublicKey } from '@solana/web3.js';
import { MPL_CORE_PROGRAM } from '../../../src/common/addresses';
import type { ScanStatus } from '../../../src/common/api/recovery';
import type { NftBurnRequestItem } from '../../../src/chain/nftBurnPlan';
import type { DasClient } from '../das/das';

const CORE_ASSET_V1 = 1; // mpl-core Key::AssetV1; the owner follows at byte 1
const CORE_INTERFACE = 'MplCoreAsset'; // DAS `interface` of a Core asset (Metaplex DAS API, asset interfaces)

export interface CoreAssetLookup {
  assets: NftBurnRequestItem[];
  /** `refused`: neither DAS nor getProgramAccounts answered, so Core assets were not counted. */
  scan: ScanStatus;
}

/** getProgramAccounts on Core: key AssetV1 at byte 0, the owner at byte 1, no data downloaded. */
async function coreAssetsByProgram(connection: Connection, owner: string): Promise<NftBurnRequestItem[]> {
  const found = await connection.getProgramAccounts(new PublicKey(MPL_CORE_PROGRAM), {
    commitment: 'confirmed',
    dataSlice: { offset: 0, length: 0 },
    filters: [{ memcmp: { offset: 0, bytes: bs58.encode([CORE_ASSET_V1]) } }, { memcmp: { offset: 1, bytes: owner } }],
  });
  return found.map((f) => ({ mint: f.pubkey.toBase58(), name: '' }));
}

/** DAS getAssetsByOwner (every page); null when the walk stopped at the page bound (the list may lack some). */
async function coreAssetsByDas(das: DasClient, owner: string): Promise<NftBurnRequestItem[] | null> {
  const walk = await das.getAllAssetsByOwner(owner);
  if (walk.truncated) return null;
  return walk.items
    .filter((a) => a.interface === CORE_INTERFACE && !a.burnt && a.ownership?.owner === owner)
    .map((a) => ({ mint: a.id, name: '' }));
}

export async function coreAssetsOf(
  das: DasClient | undefined,
  connection: Connection,
  owner: string,
): Promise<CoreAssetLookup> {
  const byDas = das ? await coreAssetsByDas(das, owner).catch(() => null) : null;
  if (byDas) return { assets: byDas, scan: 'ok' };
  try {
    return { assets: await coreAssetsByProgram(connection, owner), scan: 'ok' };
  } catch {
    return { assets: [], scan: 'refused' };
  }
}
