import fs from 'fs';
import path from 'path';
import { Keypair } from '@solana/web3.js';
import type { Config } from '../../config';
import { assertPrivateKeyFile } from '../ops/dataDirPermissions';

/**
 * The server's delegate key (cNFT delegated transfers). Local mode creates one on first start; upstream mode
 * without DELEGATE_KEYPAIR has none, and delegate features answer `DELEGATE_NOT_CONFIGURED`.
 */
export const DELEGATE_NOT_CONFIGURED =
  'Delegated transfers are not available: this server has no delegate key (set DELEGATE_KEYPAIR).';

export function loadDelegate(config: Config): Keypair | null {
  const file = config.delegateKeypairPath;
  if (!file) return null;
  if (fs.existsSync(file)) {
    assertPrivateKeyFile(file);
    const bytes = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (!Array.isArray(bytes) || bytes.length !== 64)
      throw new Error(`DELEGATE_KEYPAIR ${file} is not a 64-byte JSON secret key`);
    return Keypair.fromSecretKey(Uint8Array.from(bytes));
  }
  if (config.mode !== 'local') throw new Error(`DELEGATE_KEYPAIR file not found: ${file}`);
  const kp = Keypair.generate();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(Array.from(kp.secretKey)), { mode: 0o600 });
  return kp;
}
