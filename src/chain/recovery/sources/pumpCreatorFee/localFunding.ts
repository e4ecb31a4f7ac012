// Local funding of the Pump creator-fee source: the wallet's bonding-curve creator vault and its PumpSwap coin-creator
// vault, each holding fees its coins earned. Nobody holds the programs' keys here, so both PDAs are written as the
// programs leave them (localProgram.ts moves the fees): the bonding-curve vault a System-owned,
// data-less account holding its rent-exempt minimum and the fees; the PumpSwap vault an SPL Token wrapped-SOL account
// of the AMM's vault authority, its fees as the token amount on top of its rent.
import { AccountLayout, AccountState } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../../../common/addresses';
import type { LocalFunding } from '../../../../../backend/localnet/fund/recovery';
import { pk } from '../../../../../backend/localnet/fund/tx';
import { creatorVaultOf, swapVaultAuthorityOf, swapVaultOf } from '../../pumpLayouts';

/** 0.0123 SOL of creator fees on the bonding curve and 0.0078 SOL on PumpSwap, waiting for the demo wallet. */
export const FUNDED_CREATOR_FEES = 12_300_000;
export const FUNDED_SWAP_CREATOR_FEES = 7_800_000;

export const localFunding: LocalFunding = ({ chain }, owner) => {
  const vault = creatorVaultOf(owner);
  chain.setAccount(vault, { lamports: chain.rent(0) + FUNDED_CREATOR_FEES });
  const reserve = chain.rent(AccountLayout.span);
  const data = Buffer.alloc(AccountLayout.span);
  AccountLayout.encode(
    {
      mint: pk(NATIVE_MINT),
      owner: pk(swapVaultAuthorityOf(owner)),
      amount: BigInt(FUNDED_SWAP_CREATOR_FEES),
      delegateOption: 0,
      delegate: PublicKey.default,
      state: AccountState.Initialized,
      isNativeOption: 1,
      isNative: BigInt(reserve),
      delegatedAmount: 0n,
      closeAuthorityOption: 0,
      closeAuthority: PublicKey.default,
    },
    data,
  );
  chain.setAccount(swapVaultOf(owner), { lamports: reserve + FUNDED_SWAP_CREATOR_FEES, data, owner: TOKEN_PROGRAM });
  return [vault];
};
