// Registers the Local Demo Wallet once per page (local mode only).
import { registerWallet } from '@wallet-standard/wallet';
import type { LocalnetFundResponse } from '../../../../common/api';
import { createDemoWallet } from './demoWallet';

let registered = false;

async function fundOnLocalChain(owner: string): Promise<void> {
  const res = await fetch('/api/localnet/fund', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner }),
  });
  const body = (await res.json().catch(() => ({}))) as LocalnetFundResponse;
  if (!res.ok || !body.success) throw new Error(body.error || `Funding the demo wallet failed (HTTP ${res.status})`);
}

export function registerDemoWallet(): void {
  if (registered) return;
  registered = true;
  registerWallet(createDemoWallet({ fund: fundOnLocalChain }));
}
