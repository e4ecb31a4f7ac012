// getTokenLargestAccounts on the local chain, in the shape a mainnet provider answers it (recorded in
// fixtures/upstream/solana/getTokenLargestAccounts.json), and the print-edition burn's use of it: where a provider
// refuses getProgramAccounts over the SPL Token program, the master edition's holder is the mint's largest account.
import { createAccount, createMint, mintTo } from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { PRINT_MASTER_NOT_CHECKED, readPrintParent } from '../../../src/chain/nftBurnKinds';
import { fixture } from '../../support/replayUpstream';
import { kindsChain, refusingProvider } from './printEditionChain';

const recorded = fixture('solana/getTokenLargestAccounts.json');
const c = kindsChain();

const raw = async (method: string, params: unknown[]) =>
  (await fetch(c.rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json())) as { result?: { context: object; value: Record<string, unknown>[] }; error?: unknown };

describe('getTokenLargestAccounts', () => {
  it('answers the recorded shape: largest first, raw and UI amounts, within a context', async () => {
    const payer = c.funded();
    const mint = await createMint(c.connection, payer, payer.publicKey, null, 2);
    const amounts = [5n, 771n, 229n]; // the Solana reference's example amounts (2 decimals), plus a small one
    const accounts: string[] = [];
    for (const amount of amounts) {
      const account = await createAccount(c.connection, payer, mint, Keypair.generate().publicKey);
      await mintTo(c.connection, payer, mint, account, payer, amount);
      accounts.push(account.toBase58());
    }
    const answer = await raw('getTokenLargestAccounts', [mint.toBase58(), { commitment: 'confirmed' }]);
    expect(Object.keys(answer.result!).sort()).toEqual(Object.keys(recorded.response).sort());
    expect(Object.keys(answer.result!.context).sort()).toEqual(Object.keys(recorded.response.context).sort());
    const shapeOf = (o: Record<string, unknown>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}:${typeof v}`)
        .sort();
    for (const entry of answer.result!.value) expect(shapeOf(entry)).toEqual(shapeOf(recorded.response.value[0]));
    expect(answer.result!.value).toEqual([
      { address: accounts[1], amount: '771', decimals: 2, uiAmount: 7.71, uiAmountString: '7.71' },
      { address: accounts[2], amount: '229', decimals: 2, uiAmount: 2.29, uiAmountString: '2.29' },
      { address: accounts[0], amount: '5', decimals: 2, uiAmount: 0.05, uiAmountString: '0.05' },
    ]);
    // web3.js reads it as any provider's answer.
    const read = await c.connection.getTokenLargestAccounts(mint);
    expect(read.value.map((v) => v.address.toBase58())).toEqual([accounts[1], accounts[2], accounts[0]]);
  });

  it('a key that is no mint answers as agave does', async () => {
    const answer = await raw('getTokenLargestAccounts', [c.owner.publicKey.toBase58()]);
    expect(answer.error).toEqual(recorded.notAMint);
  });
});

describe('a print edition on a provider that refuses getProgramAccounts over the Token program', () => {
  const print = () => c.kinds.printEditions[0];
  const editionInfo = async () => (await c.connection.getAccountInfo(new PublicKey(print().edition), 'confirmed'))!;

  it('finds the master holder through getTokenLargestAccounts: the same parent as the scan finds', async () => {
    const o = c.owner.publicKey.toBase58();
    const viaScan = await readPrintParent(c.connection, o, print().tokenProgram, await editionInfo());
    const { conn, calls } = refusingProvider(c.connection, { holderScan: true });
    const viaLargest = await readPrintParent(conn, o, print().tokenProgram, await editionInfo());
    expect(calls).toEqual(['mintScan', 'holderScan', 'largest']);
    expect(viaLargest).toEqual(viaScan);
    expect(viaLargest).toMatchObject({
      masterMint: print().master!.mint,
      masterToken: print().master!.tokenAccount,
      marker: print().master!.marker,
      markerCloses: false, // the master is someone else's: the marker stays (PRODUCT difference 12)
      markerLamports: Number(c.localnet.chain.getAccount(print().master!.marker)!.lamports),
    });
  });

  it('when getTokenLargestAccounts is refused too, the master is reported not checked (never a wrong parent)', async () => {
    const { conn, calls } = refusingProvider(c.connection, { holderScan: true, largest: true });
    await expect(
      readPrintParent(conn, c.owner.publicKey.toBase58(), print().tokenProgram, await editionInfo()),
    ).resolves.toBe(PRINT_MASTER_NOT_CHECKED);
    expect(calls).toEqual(['mintScan', 'holderScan', 'largest']);
  });
});
