// Emulated Metaplex Core (the real program ships in no registry; see emulated/types.ts): burnV1 of an AssetV1, alone
// or in a collection. Rules from mpl-core programs/mpl-core/src/processor/burn.rs and utils:
// - payer signs; authority defaults to the payer; a given system program / log wrapper must be the real ones;
// - the asset's key must be AssetV1 (a HashedAssetV1 burn is "not available"), anything else IncorrectAccount;
// - an asset whose update authority is a collection needs that collection account (MissingCollection / InvalidCollection);
// - only the owner approves a burn (AssetV1::validate_burn), else InvalidAuthority; a frozen freeze plugin rejects it;
// - close_program_account: the payer receives rent(size) − rent(1) at today's rent; the asset keeps one byte
//   (Key::Uninitialized) and the rest of its lamports; a collection's current_size drops by one (decrement_size).
import { getBurnV1InstructionDataSerializer } from '@metaplex-foundation/mpl-core';
import { isSome } from '@metaplex-foundation/umi';
import type { Chain } from '../../chain';
import { EmulatedProgramError, type EmulatedInstruction, type ProgramEmulator } from '../../emulated/types';
import { MPL_CORE_PROGRAM, SPL_NOOP_PROGRAM, SYSTEM_PROGRAM } from '../constants';
import { decodeCoreAsset, decodeCoreCollection, writeCollectionData } from '../core';
import { freezePlugins } from '../corePlugins';
import { claim } from './claims';

// mpl-core error codes (generated/errors/mplCore.js)
const E = {
  InvalidSystemProgram: 0,
  IncorrectAccount: 6,
  InvalidAuthority: 9,
  InvalidCollection: 19,
  NotAvailable: 23,
  MissingCollection: 25,
  InvalidLogWrapperProgram: 30,
};
const fail = (code: keyof typeof E, msg: string) => new EmulatedProgramError(E[code], `Emulated Metaplex Core: ${msg}`);
const BURN_V1 = 12;

export function coreEmulator(onBurn: (asset: string) => void): ProgramEmulator {
  return {
    programId: MPL_CORE_PROGRAM,
    lamportEffects: true, // simulations report the lamports it returns (chain.simulating)
    prepare(ix, { chain, signers }) {
      if (ix.data[0] !== BURN_V1) throw fail('NotAvailable', 'only burnV1 is emulated locally');
      return burnV1(ix, chain, signers, onBurn);
    },
  };
}

function burnV1(
  ix: EmulatedInstruction,
  chain: Chain,
  signers: Set<string>,
  onBurn: (asset: string) => void,
): () => void {
  let proof;
  try {
    proof = getBurnV1InstructionDataSerializer().deserialize(ix.data)[0].compressionProof;
  } catch {
    throw fail('NotAvailable', 'bad burnV1 data');
  }
  if (ix.accounts.length < 6) throw fail('IncorrectAccount', 'burnV1 takes 6 accounts');
  // Optional accounts left out are passed as the program id (Umi's "none" placeholder).
  const opt = (i: number) => (ix.accounts[i].pubkey === MPL_CORE_PROGRAM ? null : ix.accounts[i]);
  const [asset, , payer] = ix.accounts;
  const collection = opt(1);
  const authority = opt(3)?.pubkey ?? payer.pubkey;
  if (!signers.has(payer.pubkey) || !signers.has(authority))
    throw fail('InvalidAuthority', 'payer and authority must sign');
  const system = opt(4);
  if (system && system.pubkey !== SYSTEM_PROGRAM) throw fail('InvalidSystemProgram', 'wrong system program');
  const log = opt(5);
  if (log && log.pubkey !== SPL_NOOP_PROGRAM) throw fail('InvalidLogWrapperProgram', 'wrong log wrapper');
  if (isSome(proof)) throw fail('NotAvailable', 'burning compressed Core assets is not available');
  if (!asset.isWritable) throw fail('IncorrectAccount', 'asset must be writable');

  const assetAcc = chain.getAccount(asset.pubkey);
  const decoded = assetAcc?.owner === MPL_CORE_PROGRAM ? decodeCoreAsset(assetAcc.data) : null;
  if (!assetAcc || !decoded) throw fail('IncorrectAccount', 'not an AssetV1');
  const ua = decoded.asset.updateAuthority;
  let collectionAcc = null;
  if (ua.__kind === 'Collection') {
    if (!collection) throw fail('MissingCollection', "the asset's collection must be passed");
    if (collection.pubkey !== ua.fields[0]) throw fail('InvalidCollection', 'another collection');
    collectionAcc = chain.getAccount(collection.pubkey);
    if (!collectionAcc || collectionAcc.owner !== MPL_CORE_PROGRAM || !decodeCoreCollection(collectionAcc.data))
      throw fail('InvalidCollection', 'collection account missing');
    if (!collection.isWritable) throw fail('InvalidCollection', 'collection must be writable');
  } else if (collection) throw fail('InvalidCollection', 'the asset is in no collection');
  if (decoded.asset.owner !== authority) throw fail('InvalidAuthority', 'only the owner may burn this asset');
  // A frozen FreezeDelegate or PermanentFreezeDelegate, the asset's or its collection's, rejects the burn, and any
  // rejection fails it: plugins/internal/owner_managed/freeze_delegate.rs and permanent/permanent_freeze_delegate.rs
  // `validate_burn` (reject! when frozen), utils/mod.rs `validate_asset_permissions` (rejected ⇒ InvalidAuthority).
  // Other plugins abstain on a burn (royalties, attributes, …).
  const frozenBy = [...freezePlugins(assetAcc.data), ...(collectionAcc ? freezePlugins(collectionAcc.data) : [])].find(
    (p) => p.frozen,
  );
  if (frozenBy) throw fail('InvalidAuthority', `frozen by its ${frozenBy.type}`);
  if (!claim(signers, `core:${asset.pubkey}`)) throw fail('IncorrectAccount', 'asset already burned');

  return () => {
    const now = chain.getAccount(asset.pubkey)!;
    const give = BigInt(chain.rent(now.data.length)) - BigInt(chain.rent(1));
    chain.setAccount(asset.pubkey, { lamports: now.lamports - give, owner: MPL_CORE_PROGRAM, data: Uint8Array.of(0) });
    const p = chain.getAccount(payer.pubkey)!;
    chain.setAccount(payer.pubkey, {
      lamports: p.lamports + give,
      owner: p.owner,
      data: p.data,
      executable: p.executable,
    });
    if (collection && collectionAcc) {
      const c = decodeCoreCollection(chain.getAccount(collection.pubkey)!.data)!;
      writeCollectionData(chain, collection.pubkey, { ...c, currentSize: c.currentSize - 1 });
    }
    if (!chain.simulating) onBurn(asset.pubkey);
  };
}
