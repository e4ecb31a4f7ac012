// Creates the relayer from the settings; on the local chain it is funded so the feature works out of the box.
import type { Config } from '../../config';
import type { LocalnetPort } from '../../context';
import { DEFAULT_RELAYER_LIMITS, loadRelayerKey, Relayer, RelayerPolicy } from './relayer';
import type { RpcClient } from '../rpc/rpc';

const LOCAL_FUNDING = 10_000_000_000n; // 10 SOL: thousands of fees; it is repaid in every transaction anyway

export async function createRelayer(config: Config, rpc: RpcClient, localnet?: LocalnetPort): Promise<Relayer | null> {
  const key = loadRelayerKey(config);
  if (!key) return null;
  const policy = new RelayerPolicy({
    ...DEFAULT_RELAYER_LIMITS,
    ...(config.relayerPerClientPerDay !== undefined ? { perClientPerDay: config.relayerPerClientPerDay } : {}),
    ...(config.relayerPerDay !== undefined ? { perDay: config.relayerPerDay } : {}),
  });
  if (localnet) {
    const address = key.publicKey.toBase58();
    if (localnet.chain.getBalance(address) < BigInt(DEFAULT_RELAYER_LIMITS.minBalanceLamports) * 10n)
      localnet.chain.airdrop(address, LOCAL_FUNDING);
  }
  return new Relayer(key, policy, rpc);
}
