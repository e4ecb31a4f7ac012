// A card says what the burn plan decides (docs/PRODUCT.md, "Every state of an NFT or cNFT"). The indexer says only
// that a pNFT has a delegate and answers a Core asset's own plugins, so two states are read from the chain, as the
// plan reads them (src/chain/nftBurnKinds.ts): a delegated pNFT's token record (Unlocked: its holder may burn it,
// mpl-token-metadata processor/burn/burn.rs `burn_v1`) and a Core member's collection (a frozen
// PermanentFreezeDelegate refuses its burn, mpl-core utils/mod.rs `validate_asset_permissions`).
import { type AccountInfo, PublicKey } from '@solana/web3.js';
import type { WalletAsset } from '../../../src/common/api';
import { coreCollectionFrozen, findTokenRecordAddress, readTokenRecord } from '../../../src/chain/nftBurnKinds';
import { KIND_BLOCKED } from '../../../src/common/texts';
import type { RpcClient } from '../rpc/rpc';

const PER_CALL = 100; // getMultipleAccounts answers at most 100 accounts

type RpcAccount = { data: [string, string]; owner: string; lamports: number; executable: boolean } | null;

async function readAccounts(rpc: RpcClient, keys: string[]): Promise<Map<string, AccountInfo<Buffer> | null>> {
  const out = new Map<string, AccountInfo<Buffer> | null>();
  for (let i = 0; i < keys.length; i += PER_CALL) {
    const chunk = keys.slice(i, i + PER_CALL);
    const { value } = await rpc.call<{ value: RpcAccount[] }>('getMultipleAccounts', [
      chunk,
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    chunk.forEach((k, j) => {
      const a = value[j];
      out.set(
        k,
        a && {
          data: Buffer.from(a.data[0], 'base64'),
          owner: new PublicKey(a.owner),
          lamports: a.lamports,
          executable: a.executable,
        },
      );
    });
  }
  return out;
}

/**
 * The listing's NFTs with the chain's word on those two states: a pNFT whose token record is Unlocked loses its
 * "locked" label; a Core asset whose collection is frozen gets one. When the chain cannot be read, the indexer's
 * labels stay (the plan still decides at burn time).
 */
export async function withChainStates(rpc: RpcClient, nfts: WalletAsset[]): Promise<WalletAsset[]> {
  const records = new Map<WalletAsset, string>();
  for (const n of nfts)
    if (n.kind === 'pnft' && n.blocked === KIND_BLOCKED.pnftLocked && n.tokenAddress)
      records.set(n, findTokenRecordAddress(n.mint, n.tokenAddress).toBase58());
  const members = nfts.filter((n) => n.kind === 'core' && !n.blocked && n.collectionAddress);
  const keys = [...new Set([...records.values(), ...members.map((n) => n.collectionAddress!)])];
  if (!keys.length) return nfts;
  let accounts: Map<string, AccountInfo<Buffer> | null>;
  try {
    accounts = await readAccounts(rpc, keys);
  } catch {
    return nfts;
  }
  const frozenCollections = new Set(
    members.map((n) => n.collectionAddress!).filter((c) => coreCollectionFrozen(accounts.get(c) ?? null)),
  );
  return nfts.map((n) => {
    const record = records.get(n);
    if (record && readTokenRecord(accounts.get(record) ?? null)?.refused === null) {
      const { blocked: _locked, ...unlocked } = n;
      return unlocked;
    }
    if (n.kind === 'core' && !n.blocked && frozenCollections.has(n.collectionAddress ?? ''))
      return { ...n, blocked: KIND_BLOCKED.coreCollectionFrozen };
    return n;
  });
}
