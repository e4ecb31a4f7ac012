// DATA_DIR holds the local faucet key, the delegate key and the queues (RELIABILITY, trust): folders 0700, files 0600,
// fixed at every start for what an earlier version left, and kept so by the writers (mode on mkdir and write).
import fs from 'fs';
import path from 'path';

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Creates DATA_DIR (0700) and tightens everything already under it. */
export function secureDataDir(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) {
      fs.chmodSync(p, DIR_MODE);
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else fs.chmodSync(p, FILE_MODE);
  };
  walk(dataDir);
}

/** Refuses a delegate key file that others than its owner may read, saying why and how to fix it. */
export function assertPrivateKeyFile(file: string): void {
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) {
    throw new Error(
      `DELEGATE_KEYPAIR ${path.basename(file)} is readable by others (mode ${mode.toString(8).padStart(4, '0')}): ` +
        `it holds a secret key. Run: chmod 600 <file>`,
    );
  }
}
