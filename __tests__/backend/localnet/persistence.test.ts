import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { createLocalnet } from '../../../backend/localnet';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../src/common/addresses';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

describe('DATA_DIR persistence', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-localnet-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a restart keeps every balance, account, signature status and the faucet', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const first = await createLocalnet({ ...wallets, dataDir, slotMs: 0 });
    const manifest = await first.fund(owner);
    const addresses = [
      owner,
      ...manifest.tokens.flatMap((t) => [t.account, t.mint, t.metadata!]),
      ...manifest.emptyAccounts.map((e) => e.account),
      ...manifest.frozenAccounts.map((f) => f.account),
    ];
    const snapshot = new Map(addresses.map((a) => [a, first.chain.getAccount(a)]));
    const sigs = [...first.chain.statuses.keys()];
    const slot = first.chain.slot();
    const owned = (await first.handleRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId: TOKEN_2022_PROGRAM }],
    })) as { result: { value: unknown[] } };
    const das = (ln: typeof first) =>
      ln.handleRpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'getAssetsByOwner',
        params: { ownerAddress: owner, page: 1, limit: 1000 },
      }) as Promise<{ result: { total: number; items: { id: string }[] } }>;
    const assets = (await das(first)).result;
    expect(assets.total).toBeGreaterThanOrEqual(manifest.nfts.length + manifest.cnfts.length);
    await first.close();

    const second = await createLocalnet({ ...wallets, dataDir, slotMs: 0 });
    for (const [a, acc] of snapshot) {
      const now = second.chain.getAccount(a);
      expect(now?.lamports).toBe(acc!.lamports);
      expect(Buffer.from(now!.data).equals(Buffer.from(acc!.data))).toBe(true);
      expect(now?.owner).toBe(acc!.owner);
    }
    expect(second.chain.slot()).toBeGreaterThanOrEqual(slot);
    expect((await das(second)).result.items.map((a) => a.id).sort()).toEqual(assets.items.map((a) => a.id).sort());
    const statuses = (await second.handleRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'getSignatureStatuses',
      params: [sigs],
    })) as { result: { value: ({ err: unknown } | null)[] } };
    expect(statuses.result.value.every((s) => s !== null)).toBe(true);
    const again = (await second.handleRpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId: TOKEN_2022_PROGRAM }],
    })) as { result: { value: unknown[] } };
    const byKey = (l: unknown[]) => [...(l as { pubkey: string }[])].sort((a, b) => a.pubkey.localeCompare(b.pubkey));
    expect(byKey(again.result.value)).toEqual(byKey(owned.result.value));
    // Funding again after the restart still works (faucet key and mint authority were kept).
    const more = await second.fund(Keypair.generate().publicKey.toBase58());
    expect(more.tokens.length).toBe(manifest.tokens.length);
    expect(second.chain.getAccount(new PublicKey(TOKEN_PROGRAM).toBase58())?.executable).toBe(true);
    await second.close();
  });

  it('an unreadable save is moved aside and a new chain starts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-localnet-bad-'));
    fs.mkdirSync(path.join(dir, 'localnet'));
    fs.writeFileSync(path.join(dir, 'localnet', 'svm.bin'), 'not a snapshot');
    fs.writeFileSync(
      path.join(dir, 'localnet', 'state.json'),
      '{"version":1,"statuses":[],"blockhashes":[],"faucetSecret":[]}',
    );
    const logged: string[] = [];
    const ln = await createLocalnet({ ...wallets, dataDir: dir, slotMs: 0, log: (m) => logged.push(m) });
    expect(logged.join()).toMatch(/unreadable/);
    expect(fs.readdirSync(dir).some((n) => n.startsWith('localnet.unreadable-'))).toBe(true);
    await ln.close();
    expect(fs.existsSync(path.join(dir, 'localnet', 'svm.bin'))).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
