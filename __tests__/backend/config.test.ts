import fs from 'fs';
import os from 'os';
import path from 'path';
import { loadConfig } from '../../backend/config';
import { loadDelegate } from '../../backend/services/nft/delegate';
import { LOCAL_DEFAULT_FEE_WALLET, LOCAL_DEFAULT_TRASH_WALLET } from '../../src/common/addresses';

describe('loadConfig', () => {
  it('has a safe local default for every setting', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      mode: 'local',
      trashWallet: LOCAL_DEFAULT_TRASH_WALLET,
      feeWallet: LOCAL_DEFAULT_FEE_WALLET,
      logLevel: 'info',
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.delegateKeypairPath).toBe(path.join(c.dataDir, 'delegate-keypair.json'));
    expect(c.staticDir).toBe(path.resolve(__dirname, '../../static'));
    expect(c.solanaRpcUrl).toBeUndefined();
  });

  it('switches to upstream mode with SOLANA_RPC_URL; DAS defaults to the same URL', () => {
    const c = loadConfig({ SOLANA_RPC_URL: 'https://rpc.example/?api-key=k', PORT: '8080', SOLSCAN_API_KEY: '' });
    expect(c).toMatchObject({
      mode: 'upstream',
      port: 8080,
      dasUrl: 'https://rpc.example/?api-key=k',
      delegateKeypairPath: undefined,
    });
    expect(c.solscanApiKey).toBeUndefined();
  });

  it('refuses bad values with a readable message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ TRASH_WALLET: 'not-an-address' })).toThrow(
      /TRASH_WALLET: must be a base58 Solana address/,
    );
    expect(() => loadConfig({ SOLANA_RPC_URL: 'ftp://x' })).toThrow(/SOLANA_RPC_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('delegate key', () => {
  it('is created on first start in local mode and read back later', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    const first = loadDelegate(c)!;
    expect(fs.existsSync(path.join(dir, 'delegate-keypair.json'))).toBe(true);
    expect(loadDelegate(c)!.publicKey.equals(first.publicKey)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is absent in upstream mode without DELEGATE_KEYPAIR, and a missing file is a clear error', () => {
    expect(loadDelegate(loadConfig({ SOLANA_RPC_URL: 'https://rpc.example' }))).toBeNull();
    expect(() =>
      loadDelegate(loadConfig({ SOLANA_RPC_URL: 'https://rpc.example', DELEGATE_KEYPAIR: '/nonexistent/k.json' })),
    ).toThrow(/not found/);
  });
});
