// Helpers for the assets e2e test: the page bundle built into a private folder, and a Wallet Standard wallet that
// can connect (listing needs no signature).
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import type { BrowserContext } from 'playwright-core';
import { PublicKey } from '@solana/web3.js';

const ROOT = path.join(__dirname, '..', '..');

/** Built once into .tmp/<name> (never the shared static/dist), again only when src/ is newer. */
export function builtStaticDir(name: string): string {
  const dir = path.join(ROOT, '.tmp', name);
  const index = path.join(dir, 'dist', 'index.html');
  const newest = (p: string): number =>
    fs.statSync(p).isDirectory() ? Math.max(0, ...fs.readdirSync(p).map((e) => newest(path.join(p, e)))) : fs.statSync(p).mtimeMs;
  if (!fs.existsSync(index) || newest(path.join(ROOT, 'src')) > fs.statSync(index).mtimeMs) {
    fs.mkdirSync(dir, { recursive: true });
    for (const f of fs.readdirSync(path.join(ROOT, 'static'))) {
      if (f !== 'dist') fs.cpSync(path.join(ROOT, 'static', f), path.join(dir, f), { recursive: true });
    }
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'webpack'), ['--mode', 'production', '--output-path', path.join(dir, 'dist')], {
      cwd: ROOT, stdio: 'pipe',
    });
  }
  return dir;
}

export async function installConnectOnlyWallet(context: BrowserContext, owner: string, name: string): Promise<void> {
  await context.addInitScript(
    ({ address, publicKey, name }) => {
      const chains = ['solana:localnet', 'solana:devnet', 'solana:mainnet'];
      const icon = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#0af"/></svg>')}`;
      const account = Object.freeze({ address, publicKey: new Uint8Array(publicKey), chains, features: ['solana:signTransaction'], label: name, icon });
      const listeners = new Set<(p: unknown) => void>();
      let accounts: (typeof account)[] = [];
      const emit = () => listeners.forEach((l) => l({ accounts }));
      const wallet = {
        version: '1.0.0', name, icon, chains,
        get accounts() { return accounts; },
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => { accounts = [account]; emit(); return { accounts }; } },
          'standard:disconnect': { version: '1.0.0', disconnect: async () => { accounts = []; emit(); } },
          'standard:events': { version: '1.0.0', on: (_e: string, l: (p: unknown) => void) => { listeners.add(l); return () => listeners.delete(l); } },
          'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0],
            signTransaction: async () => { throw new Error('User rejected the request.'); } },
        },
      };
      const register = ({ register: r }: { register: (x: unknown) => void }) => r(wallet);
      window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: register }));
      window.addEventListener('wallet-standard:app-ready', (e) => register((e as CustomEvent).detail));
    },
    { address: owner, publicKey: Array.from(new PublicKey(owner).toBytes()), name },
  );
}
