// The chain-reading guard (PRODUCT difference 10) against the real server and the local chain: honest prepared
// transactions pass and the simulated SOL change equals the chain's change to the lamport; each of the ten
// rewrites is refused for vacant closes, NFT burns and a cNFT delegation; no figure of the answer under check is used.
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { chainGuard, type ChainGuardReport } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { readNftBurns } from '../../src/chain/nftBurnPlan';
import { TransactionGuardError } from '../../src/chain/guard';
import { REWRITES, rewrite } from '../support/hostileRewrites';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 120_000);
afterAll(() => h.close());

const reader = () => connectionChainReader(h.connection);

async function vacantPrepared(owner: Keypair) {
  const list = await h.api('burn-vacant-accounts', {
    ownerAddress: owner.publicKey.toBase58(),
    signedMessage: 'simulated-signature',
  });
  const accounts: string[] = list.body.vacantAccounts.map((a: { address: string }) => a.address);
  const prepared = await h.api('prepare-burn-transactions', {
    ownerAddress: owner.publicKey.toBase58(),
    vacantAccounts: accounts,
  });
  expect(prepared.status).toBe(200);
  return { accounts, txs: prepared.body.transactions as string[] };
}

async function nftPrepared(owner: Keypair, nfts: { mint: string; tokenAccount: string; name: string }[]) {
  const res = await h.api('batch-burn-nft', {
    owner: owner.publicKey.toBase58(),
    nfts: nfts.map(({ mint, tokenAccount, name }) => ({ mint, tokenAccount, name })),
  });
  expect(res.status).toBe(200);
  return res.body.transactions as string[];
}

describe('chainGuard on the local chain', () => {
  it('passes the honest vacant closes; the simulated SOL change is the chain change to the lamport', async () => {
    const { owner } = await h.fund();
    const { accounts, txs } = await vacantPrepared(owner);
    expect(accounts.length).toBeGreaterThan(0);
    const feeWallet = h.solback.config.feeWallet;
    let report: ChainGuardReport | undefined;
    await chainGuard(txs, {
      owner: owner.publicKey.toBase58(),
      kind: 'closeVacant',
      allowedAccounts: accounts,
      feeWallet,
      reader: reader(),
      onChecked: (r) => (report = r),
    });
    expect(report!.ownerChangeLamports).toBeGreaterThan(0);

    const before = await h.connection.getBalance(owner.publicKey);
    for (const b64 of txs) {
      const tx = Transaction.from(Buffer.from(b64, 'base64'));
      tx.recentBlockhash = (await h.connection.getLatestBlockhash()).blockhash;
      tx.sign(owner);
      const sig = await h.connection.sendRawTransaction(tx.serialize());
      await h.connection.confirmTransaction(sig, 'confirmed');
    }
    expect((await h.connection.getBalance(owner.publicKey)) - before).toBe(report!.ownerChangeLamports);
  });

  it('refuses every one of the ten rewrites of a vacant close', async () => {
    const { owner } = await h.fund();
    const { accounts, txs } = await vacantPrepared(owner);
    const feeWallet = h.solback.config.feeWallet;
    for (const how of REWRITES) {
      const tampered = [rewrite(txs[0], how, feeWallet), ...txs.slice(1)];
      const refused = await chainGuard(tampered, {
        owner: owner.publicKey.toBase58(),
        kind: 'closeVacant',
        allowedAccounts: accounts,
        feeWallet,
        reader: reader(),
      }).then(
        () => 'signed',
        (e: Error) => `${e.name}: ${(e as TransactionGuardError).reason ?? e.message}`,
      );
      expect([how, refused]).toEqual([how, expect.stringMatching(/^TransactionGuardError/)]);
    }
  });

  it('ignores the listed figures: an account the server names but the chain says holds tokens is refused', async () => {
    const { owner, manifest } = await h.fund();
    const { accounts, txs } = await vacantPrepared(owner);
    const feeWallet = h.solback.config.feeWallet;
    // Aim a close at a funded (non-empty) token account and list it as vacant.
    const full = manifest.tokens[0].account as string;
    const tx = Transaction.from(Buffer.from(txs[0], 'base64'));
    const close = tx.instructions.find((i) => i.data[0] === 9)!;
    close.keys[0] = { ...close.keys[0], pubkey: new PublicKey(full) };
    const b64 = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
    const refused = await chainGuard([b64], {
      owner: owner.publicKey.toBase58(),
      kind: 'closeVacant',
      allowedAccounts: [...accounts, full],
      feeWallet,
      reader: reader(),
    }).then(
      () => null,
      (e: TransactionGuardError) => e,
    );
    expect(refused).toBeInstanceOf(TransactionGuardError);
    expect(refused!.reason).toMatch(/still holds tokens/);
  });

  it('passes an honest NFT burn (emulated burnV1 simulated with its returns) and refuses the ten rewrites', async () => {
    const { owner, manifest } = await h.fund();
    const nfts = manifest.nfts.slice(0, 2);
    const txs = await nftPrepared(owner, nfts);
    const feeWallet = h.solback.config.feeWallet;
    // What each burn returns, read by the page's own planner (as the page passes it): under today's rent a metadata
    // account gives back only its rent minimum, so the accounts' lamports are not the figure.
    const { planned } = await readNftBurns(h.connection, owner.publicKey.toBase58(), nfts);
    const intent = {
      owner: owner.publicKey.toBase58(),
      kind: 'burnNfts' as const,
      feeWallet,
      allowedAccounts: nfts.flatMap((n: { mint: string; tokenAccount: string }) => [n.mint, n.tokenAccount]),
      expectedReturns: Object.fromEntries(planned.map((p) => [p.mint, p.rentLamports])),
    };
    let report: ChainGuardReport | undefined;
    await chainGuard(txs, { ...intent, reader: reader(), onChecked: (r) => (report = r) });
    const rent = planned.reduce((a, p) => a + p.rentLamports, 0);
    expect(report!.transactions.reduce((s, t) => s + t.returnsLamports, 0)).toBe(rent);
    for (const how of REWRITES) {
      await expect(
        chainGuard([rewrite(txs[0], how, feeWallet)], { ...intent, reader: reader() }),
      ).rejects.toBeInstanceOf(TransactionGuardError);
    }
  });

  it('refuses the ten rewrites of a cNFT delegation and a delegation to another address', async () => {
    const { owner, manifest } = await h.fund();
    const delegate = h.solback.delegate!.publicKey.toBase58();
    let tx = '';
    let assetId = '';
    for (const c of manifest.cnfts as { assetId: string }[]) {
      const res = await h.api('cnft/delegate', {
        ownerAddress: owner.publicKey.toBase58(),
        assetId: c.assetId,
        delegatePublicKey: delegate,
      });
      if (res.body.transaction) [tx, assetId] = [res.body.transaction, c.assetId];
      if (tx) break;
    }
    expect(tx).not.toBe('');
    const intent = {
      owner: owner.publicKey.toBase58(),
      kind: 'delegateCnft' as const,
      allowedAccounts: [assetId],
      delegate,
    };
    await chainGuard([tx], { ...intent, reader: reader() });
    for (const how of REWRITES) {
      await expect(
        chainGuard([rewrite(tx, how, h.solback.config.feeWallet)], { ...intent, reader: reader() }),
      ).rejects.toBeInstanceOf(TransactionGuardError);
    }
    await expect(
      chainGuard([tx], { ...intent, delegate: Keypair.generate().publicKey.toBase58(), reader: reader() }),
    ).rejects.toBeInstanceOf(TransactionGuardError);
  });
});
