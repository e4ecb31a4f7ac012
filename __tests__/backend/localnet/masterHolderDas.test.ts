// A print edition's master holder asked of DAS first (src/chain/masterHolder.ts): the local chain's DAS answers
// getTokenAccounts({mint}) in the recorded shape (fixtures/upstream/das/getTokenAccounts.json), the holder it names
// is read back from the chain, a wrong one is ignored, a refusal falls back to getProgramAccounts and then
// getTokenLargestAccounts, and when every source is refused the print is skipped as "not checked on this provider".
import { PublicKey, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { PRINT_MASTER_NOT_CHECKED, readPrintParent } from '../../../src/chain/nftBurnKinds';
import { masterHoldersAt } from '../../../src/chain/masterHolder';
import { nftBurnIxs, readNftBurns } from '../../../src/chain/nftBurnPlan';
import { fixture } from '../../support/replayUpstream';
import { kindsChain, newKey, refusingProvider, type Refuse } from './printEditionChain';

const recorded = fixture('das/getTokenAccounts.json');
const c = kindsChain();

const das = async (params: Record<string, unknown>) =>
  (await fetch(c.rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTokenAccounts', params }),
  }).then((r) => r.json())) as { result?: { token_accounts: Record<string, unknown>[] }; error?: unknown };
const shapeOf = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}:${v === null ? 'null' : typeof v}`)
    .sort();

const print = () => c.kinds.printEditions[0];
const master = () => print().master!;
const editionInfo = async () => (await c.connection.getAccountInfo(new PublicKey(print().edition), 'confirmed'))!;

const provider = (refuse: Refuse = {}) => refusingProvider(c.connection, refuse);
/** A DAS lookup that records its calls and answers as `answer` says (the local DAS by default). */
function dasLookup(answer?: (mint: string) => Promise<string[]>) {
  const asked: string[] = [];
  const lookup = async (mint: string) => {
    asked.push(mint);
    return answer ? answer(mint) : masterHoldersAt(c.rpc.url)(mint);
  };
  return { lookup, asked };
}
const expectedParent = () => ({
  masterMint: master().mint,
  masterToken: master().tokenAccount,
  marker: master().marker,
  markerCloses: false, // the master is someone else's: the marker stays (PRODUCT difference 12)
  markerLamports: Number(c.localnet.chain.getAccount(master().marker)!.lamports),
  ledger: [64, ...new Array(30).fill(0)], // edition 1: byte 0, mask 2^6
  bit: { index: 0, mask: 64 },
  clearsBit: false,
});

describe('getTokenAccounts on the local DAS', () => {
  it('answers a mint’s holders in the recorded shape, from the chain', async () => {
    const answer = await das({ mint: master().mint, page: 1, limit: 20 });
    expect(Object.keys(answer.result!).sort()).toEqual(Object.keys(recorded.response).sort());
    const [recordedEntry] = recorded.response.token_accounts;
    for (const entry of answer.result!.token_accounts) expect(shapeOf(entry)).toEqual(shapeOf(recordedEntry));
    expect(answer.result).toEqual({
      total: 1,
      limit: 20,
      page: 1,
      token_accounts: [
        {
          address: master().tokenAccount,
          mint: master().mint,
          amount: 1,
          owner: expect.any(String),
          frozen: false,
          delegate: null,
          delegated_amount: 0,
          close_authority: null,
          extensions: null,
        },
      ],
    });
    const onChain = await c.connection.getParsedAccountInfo(new PublicKey(master().tokenAccount), 'confirmed');
    const info = (onChain.value!.data as { parsed: { info: { owner: string } } }).parsed.info;
    expect(answer.result!.token_accounts[0].owner).toBe(info.owner);
  });

  it('refuses a request naming neither mint nor owner, with the reference indexer’s text', async () => {
    const answer = await das({ page: 1, limit: 20 });
    expect(answer.error).toEqual({ code: -32602, message: "Invalid params: Must provide either 'owner' or 'mint'" });
  });
});

describe('a print’s master holder: DAS first', () => {
  const o = () => c.owner.publicKey.toBase58();

  it('DAS answers: the holder is found with no holder scan (getProgramAccounts) at all', async () => {
    const { conn, calls } = provider();
    const { lookup, asked } = dasLookup();
    const parent = await readPrintParent(conn, o(), print().tokenProgram, await editionInfo(), lookup);
    expect(parent).toEqual(expectedParent());
    expect(asked).toEqual([master().mint]);
    expect(calls).toEqual(['mintScan']); // the master MINT is still found by getProgramAccounts (docs/UPSTREAM.md)
  });

  it('DAS refuses (a node without DAS answers -32601): the scan finds the same parent', async () => {
    const { conn, calls } = provider();
    const { lookup } = dasLookup(async () => {
      throw new Error(`getTokenAccounts: ${recorded.noDas.error.message}`);
    });
    expect(await readPrintParent(conn, o(), print().tokenProgram, await editionInfo(), lookup)).toEqual(
      expectedParent(),
    );
    expect(calls).toEqual(['mintScan', 'holderScan']);
  });

  it('DAS refuses and the scan is refused: getTokenLargestAccounts finds the same parent', async () => {
    const { conn, calls } = provider({ holderScan: true });
    const { lookup } = dasLookup(async () => {
      throw new Error(`getTokenAccounts: ${recorded.noDas.error.message}`);
    });
    expect(await readPrintParent(conn, o(), print().tokenProgram, await editionInfo(), lookup)).toEqual(
      expectedParent(),
    );
    expect(calls).toEqual(['mintScan', 'holderScan', 'largest']);
  });

  it('DAS lies: accounts that are not a token account of the master mint holding 1 are never trusted', async () => {
    // The print's own token account (another mint), the master's edition (not a token account), a fresh key (no
    // account) and a non-address: each is read back from the chain and ignored; the scan names the real holder.
    const lies = [print().tokenAccount, master().edition, newKey(), 'not-an-address'];
    const { conn, calls } = provider();
    const { lookup } = dasLookup(async () => lies);
    expect(await readPrintParent(conn, o(), print().tokenProgram, await editionInfo(), lookup)).toEqual(
      expectedParent(),
    );
    expect(calls).toEqual(['mintScan', 'holderScan']);
    // With every other source refused, a lying DAS leaves the master not checked (never a wrong parent).
    const refusing = provider({ holderScan: true, largest: true });
    expect(await readPrintParent(refusing.conn, o(), print().tokenProgram, await editionInfo(), lookup)).toBe(
      PRINT_MASTER_NOT_CHECKED,
    );
  });

  it('every holder source refused: the print is skipped as not checked on this provider, never a throw', async () => {
    const refusingDas = dasLookup(async () => {
      throw new Error(`getTokenAccounts: ${recorded.noDas.error.message}`);
    });
    const { conn } = provider({ holderScan: true, largest: true });
    const item = { mint: print().mint, tokenAccount: print().tokenAccount, name: print().name };
    const burns = await readNftBurns(conn, o(), [item], { masterHolders: refusingDas.lookup });
    expect(burns.planned).toEqual([]);
    expect(burns.skipped).toEqual([{ mint: print().mint, reason: PRINT_MASTER_NOT_CHECKED }]);
    // The master mint lookup refused as well: the same report.
    const none = provider({ mintScan: true, holderScan: true, largest: true });
    const again = await readNftBurns(none.conn, o(), [item], { masterHolders: refusingDas.lookup });
    expect(again.skipped).toEqual([{ mint: print().mint, reason: PRINT_MASTER_NOT_CHECKED }]);
    expect(none.calls).toEqual(['mintScan']);
  });

  it('a burn planned with the DAS holder returns exactly the planned lamports', async () => {
    const burner = c.funded();
    const b = burner.publicKey.toBase58();
    const mine = c.localnet.metaplex.fundKinds(b).printEditions[0];
    const { conn, calls } = provider({ holderScan: true, largest: true }); // only DAS can name the holder
    const item = { mint: mine.mint, tokenAccount: mine.tokenAccount, name: mine.name };
    const { planned } = await readNftBurns(conn, b, [item], { masterHolders: masterHoldersAt(c.rpc.url) });
    expect(calls).toEqual(['mintScan']);
    expect(planned).toHaveLength(1);
    expect(planned[0].print!.masterToken).toBe(mine.master!.tokenAccount);
    // What the burn drains, read before: token account, metadata (its rent minimum), print edition; the marker stays.
    const lamports = (a: string) => Number(c.localnet.chain.getAccount(a)!.lamports);
    const metadataMinimum = await c.connection.getMinimumBalanceForRentExemption(
      c.localnet.chain.getAccount(mine.metadata)!.data.length,
    );
    const expected =
      lamports(mine.tokenAccount) + Math.min(metadataMinimum, lamports(mine.metadata)) + lamports(mine.edition);
    expect(planned[0].rentLamports).toBe(expected);
    const before = await c.connection.getBalance(burner.publicKey, 'confirmed');
    const tx = new Transaction().add(...nftBurnIxs(b, planned[0]));
    await sendAndConfirmTransaction(c.connection, tx, [burner], { commitment: 'confirmed' });
    const after = await c.connection.getBalance(burner.publicKey, 'confirmed');
    expect(after - before).toBe(expected - 5000); // one signature's fee
    expect(c.localnet.chain.getAccount(mine.tokenAccount)).toBeNull();
    expect(c.localnet.chain.getAccount(mine.master!.marker)).not.toBeNull();
  });
});
