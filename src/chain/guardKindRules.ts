// Transaction-guard rules for today's NFT kinds (PRODUCT difference 12), kept apart from guardRules.ts. Token Metadata burnV1 of a
// pNFT, print edition or Token-2022 NFT passes guardRules' burnV1 check (authority = owner, mint and token account
// listed; every closed account pays the authority). Metaplex Core burnV1 pays its `payer`, so the payer must be the owner.
import { MPL_CORE_PROGRAM } from '../common/addresses';
import { cnftAssetOf, v2KindOf } from './cnftTarget';
import { V2_LAYOUT } from './cnftV2';
import type { DecodedInstruction } from './decode';
import type { GuardIntent, Totals } from './guardRules';

const account = (ix: DecodedInstruction, i: number) => ix.accounts[i]?.pubkey;
const BURN_V1 = 12;

/** Metaplex Core burnV1 (discriminator 12): the asset listed, payer and authority the owner, no compression proof. */
export function checkCoreBurn(ix: DecodedInstruction, intent: GuardIntent, allowed: Set<string>): string | null {
  if (ix.data[0] !== BURN_V1) return `Core instruction ${ix.data[0]} not allowed`;
  if (intent.kind !== 'burnNfts') return 'Core burn not allowed for this action';
  if (ix.data.length !== 2 || ix.data[1] !== 0) return 'Core burn with a compression proof';
  const [asset, payer, authority] = [account(ix, 0), account(ix, 2), account(ix, 3)];
  if (!asset || !allowed.has(asset)) return `burn of a Core asset not selected: ${asset}`;
  if (payer !== intent.owner) return 'Core burn pays someone other than the owner';
  if (authority !== intent.owner && authority !== MPL_CORE_PROGRAM) return 'Core burn authority is not the owner';
  return null;
}

export const KIND_CHECKS = {
  [MPL_CORE_PROGRAM]: checkCoreBurn,
};

type Check = (ix: DecodedInstruction, intent: GuardIntent, allowed: Set<string>, totals: Totals) => string | null;

/**
 * Bubblegum V2 (PRODUCT difference 12) beside the V1 rules: transferV2 only to the trash wallet, burnV2 and delegateV2 (to the
 * server delegate) only of selected leaves; the owner pays and is the leaf owner. Anything else goes to the V1 check.
 */
export function withBubblegumV2(v1: Check): Check {
  return (ix, intent, allowed, totals) => {
    const kind = v2KindOf(ix.data);
    if (!kind) return v1(ix, intent, allowed, totals);
    const l = V2_LAYOUT[kind];
    if (ix.accounts.length < l.fixed) return 'Bubblegum V2 instruction with too few accounts';
    if (account(ix, l.payer) !== intent.owner || account(ix, l.owner) !== intent.owner)
      return 'the leaf owner is not the wallet';
    const asset = cnftAssetOf(ix);
    if (!asset || !allowed.has(asset)) return 'a cNFT not selected';
    if (kind === 'transferV2' && intent.kind === 'trashCnft')
      return intent.trashWallet && account(ix, l.target) === intent.trashWallet
        ? null
        : 'cNFT transfer to a wallet other than the trash wallet';
    if (kind === 'burnV2' && intent.kind === 'burnCnft') return null;
    if (kind === 'delegateV2' && intent.kind === 'delegateCnft')
      return intent.delegate && account(ix, l.target) === intent.delegate
        ? null
        : 'delegation to an address other than the server delegate';
    return 'Bubblegum instruction not allowed for this action';
  };
}
