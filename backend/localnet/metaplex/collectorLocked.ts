// The `collector` profile's NFTs that a delegate holds (docs/PRODUCT.md, "Every state of an NFT or cNFT"): staked
// and listed pNFTs, and a staked legacy NFT, as the programs leave them on mainnet.
import { TokenDelegateRole, TokenState } from '@metaplex-foundation/mpl-token-metadata';
import { Keypair } from '@solana/web3.js';
import type { KindsEnv } from './fundKinds';
import { type KindNftEntry, delegateTokenAccount, writePnft } from './nftKinds';
import { type NftEntry, type NftSpec, writeNft } from './nfts';

export interface LockedManifest {
  /** A pNFT a staking program locked: Staking delegate, token record Locked (state/lock.rs). */
  pnftStaked: KindNftEntry & { delegate: string };
  /** A pNFT listed on a marketplace: Sale delegate, token record Listed (delegate/delegate.rs). */
  pnftListed: KindNftEntry & { delegate: string };
  /** A legacy NFT a staking program froze: delegate approved, token account frozen (freeze_delegated_account.rs). */
  nftStaked: NftEntry & { delegate: string };
  /** A pNFT with a Transfer delegate, token record Unlocked: its holder may still burn it (burn.rs burn_v1). */
  pnftDelegatedUnlocked: KindNftEntry & { delegate: string };
}

export function fundLockedStates(env: KindsEnv, spec: (name: string) => NftSpec): LockedManifest {
  const { chain, payer } = env;
  const program = () => Keypair.generate().publicKey.toBase58(); // a staking program's or marketplace's authority
  const staker = program();
  const pnftStaked = writePnft(chain, spec('Collector pNFT (staked)'), payer, {
    delegate: staker,
    role: TokenDelegateRole.Staking,
    state: TokenState.Locked,
  });
  const market = program();
  const pnftListed = writePnft(chain, spec('Collector pNFT (listed)'), payer, {
    delegate: market,
    role: TokenDelegateRole.Sale,
    state: TokenState.Listed,
  });
  const nftStaker = program();
  const nftStaked = writeNft(chain, spec('Collector NFT (staked, frozen)'), payer);
  delegateTokenAccount(chain, nftStaked.tokenAccount, nftStaker, true);
  const transferDelegate = program();
  const pnftDelegatedUnlocked = writePnft(chain, spec('Collector pNFT (delegated, unlocked)'), payer, {
    delegate: transferDelegate,
    role: TokenDelegateRole.Transfer,
    state: TokenState.Unlocked,
  });
  return {
    pnftDelegatedUnlocked: { ...pnftDelegatedUnlocked, delegate: transferDelegate },
    pnftStaked: { ...pnftStaked, delegate: staker },
    pnftListed: { ...pnftListed, delegate: market },
    nftStaked: { ...nftStaked, delegate: nftStaker },
  };
}
