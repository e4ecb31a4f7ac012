// Local funding of the Pump creator-fee source: the wallet's bonding-curve creator vault holding fees its coins
// earned. Nobody holds the Pump program's keys here, so the PDA is written as the program leaves it: a System-owned,
// data-less account holding its rent-exempt minimum and the fees (backend/localnet/emulated/pump.ts collects them).
import type { LocalFunding } from '../../../../../backend/localnet/fund/recovery';
import { creatorVaultOf } from '../../pumpLayouts';

/** 0.0123 SOL of creator fees waiting in the demo wallet's vault. */
export const FUNDED_CREATOR_FEES = 12_300_000;

export const localFunding: LocalFunding = ({ chain }, owner) => {
  const vault = creatorVaultOf(owner);
  chain.setAccount(vault, { lamports: chain.rent(0) + FUNDED_CREATOR_FEES });
  return [vault];
};
