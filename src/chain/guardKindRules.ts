// Transaction-guard rules for today's NFT kinds (issue 14), kept apart from guardRules.ts. Token Metadata burnV1 of a
// pNFT, print edition or Token-2022 NFT passes guardRules' burnV1 check (authority = owner, mint and token account
// listed; every closed account pays the authority). Metaplex Core burnV1 pays its `payer`, so the payer must be the owner.
import { MPL_CORE_PROGRAM } from '../common/addresses';
import type { DecodedInstruction } from './decode';
import type { GuardIntent } from './guardRules';

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
