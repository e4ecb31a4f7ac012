// A print edition's master holder asked of DAS first (src/chain/masterHolder.ts): the local chain's DAS answers
// getTokenAccounts({mint}) in the recorded shape (fixtures/upstream/das/getTokenAccounts.json), the holder it names
// is read back from the chain, a wrong one is ignored, a refusal falls back to getProgramAccounts and then
// getTokenLargestAccounts, and when every source is refused the print is skipped as "not checked on this provider".
import { type Connection, Keypair, PublicKey, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { PRINT_MASTER_NOT_CHECKED, readPrintParent } from '../../../src/chain/nftBurnKinds';
import { masterHoldersAt } from '../../../src/chain/masterHolder';
import { nftBurnIxs, readNftBurns } from '../../../src/chain/nftBurnPlan';
import type { KindsManifest } from '../../../backend/localnet/metaplex';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { fixture } from '../../support/replayUpstream';
import { startRpcServer, type RpcServer } from './rpcServer';

const recorded = fixture('das/getTokenAccounts.json');
const scanRefusal = fixture('solana/getProgramAccounts-refusals.json').excludedFromSecondaryIndexes.error;

const key = () => Keypair.generate().publicKey.toBase58();
let localnet: Localnet;
let rpc: RpcServer;
let connection: Connection;
let owner: Keypair;
let kinds: KindsManifest;
const funded = () => {
  const kp = Keypair.generate();
  localnet.chain.airdrop(kp.publicKey.toBase58(), 2_000_000_000n);
  return kp;
};
beforeAll(async () => {
  localnet = await createLocalnet({ delegate: key(), trashWallet: key(), feeWallet: key() });
  rpc = await startRpcServer(localnet);
  connection = rpc.connection;
  owner = funded();
  kinds = localnet.metaplex.fundKinds(owner.publicKey.toBase58());
});
afterAll(async () => {
  await rpc.close();
  await localnet.close();
});

const das = async (params: Record<string, unknown>) =>
  (await fetch(rpc.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTokenAccounts', params }),
  }).then((r) => r.json())) as { result?: { token_accounts: Record<string, unknown>[] }; error?: unknown };
const shapeOf = (o: Record<string, unknown>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}:${v === null ? 'null' : typeof v}`)
    .sort();

const print = () => kinds.printEditions[0];
const master = () => print().master!;
const editionInfo = async () => (await connection.getAccountInfo(new PublicKey(print().edition), 'confirmed'))!;

type Refuse = { mintScan?: boolean; holderScan?: boolean; largest?: boolean };
/** The local connection, recording each lookup and refusing the chosen ones as the public nodes refuse them. */
function provider(refuse: Refuse = {}) {
  const calls: string[] = [];
  const refused = () => {
    throw new Error(`failed to get accounts owned by program: ${scanRefusal.code}: ${scanRefusal.message}`);
  };
  const conn = {
    getAccountInfo: connection.getAccountInfo.bind(connection),
    getMultipleAccountsInfo: connection.getMultipleAccountsInfo.bind(connection),
    getMinimumBalanceForRentExemption: connection.getMinimumBalanceForRentExemption.bind(connection),
    getProgramAccounts: (async (program: PublicKey, config: { filters: { dataSize?: number }[] }) => {
      const holders = config.filters.some((f) => f.dataSize === 165);
      calls.push(holders ? 'holderScan' : 'mintScan');
      if (holders ? refuse.holderScan : refuse.mintScan) refused();
      return connection.getProgramAccounts(program, config as never);
    }) as never,
    getTokenLargestAccounts: (async (mint: PublicKey, commitment: never) => {
      calls.push('largest');
      if (refuse.largest) throw new Error('410: The RPC call or parameters have been disabled.');
      return connection.getTokenLargestAccounts(mint, commitment);
    }) as never,
  };
  return { conn, calls };
}
/** A DAS lookup that records its calls and answers as `answer` says (the local DAS by default). */
function dasLookup(answer?: (mint: string) => Promise<string[]>) {
  const asked: string[] = [];
  const lookup = async (mint: string) => {
    asked.push(mint);
    return answer ? answer(mint) : masterHoldersAt(rpc.url)(mint);
  };
  return { lookup, asked };
}
const expectedParent = () => ({
  masterMint: master().mint,
  masterToken: master().tokenAccount,
  marker: master().marker,
  markerCloses: false, // the master is someone else's: the marker stays (PRODUCT difference 12)
  markerLamports: Number(localnet.chain.getAccount(master().marker)!.lamports),
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
    const onChain = await connection.getParsedAccountInfo(new PublicKey(master().tokenAccount), 'confirmed');
    const info = (onChain.value!.data as { parsed: { info: { owner: string } } }).parsed.info;
    expect(answer.result!.token_accounts[0].owner).toBe(info.owner);
  });

  it('refuses a request naming neither mint nor owner, with the reference indexer’s text', async () => {
    const answer = await das({ page: 1, limit: 20 });
    expect(answer.error).toEqual({ code: -32602, message: "Invalid params: Must provide either 'owner' or 'mint'" });
  });
});

describe('a print’s master holder: DAS first', () => {
  const o = () => owner.publicKey.toBase58();

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
    const lies = [print().tokenAccount, master().edition, key(), 'not-an-address'];
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
    const burner = funded();
    const b = burner.publicKey.toBase58();
    const mine = localnet.metaplex.fundKinds(b).printEditions[0];
    const { conn, calls } = provider({ holderScan: true, largest: true }); // only DAS can name the holder
    const item = { mint: mine.mint, tokenAccount: mine.tokenAccount, name: mine.name };
    const { planned } = await readNftBurns(conn, b, [item], { masterHolders: masterHoldersAt(rpc.url) });
    expect(calls).toEqual(['mintScan']);
    expect(planned).toHaveLength(1);
    expect(planned[0].print!.masterToken).toBe(mine.master!.tokenAccount);
    // What the burn drains, read before: token account, metadata (its rent minimum), print edition; the marker stays.
    const lamports = (a: string) => Number(localnet.chain.getAccount(a)!.lamports);
    const metadataMinimum = await connection.getMinimumBalanceForRentExemption(
      localnet.chain.getAccount(mine.metadata)!.data.length,
    );
    const expected =
      lamports(mine.tokenAccount) + Math.min(metadataMinimum, lamports(mine.metadata)) + lamports(mine.edition);
    expect(planned[0].rentLamports).toBe(expected);
    const before = await connection.getBalance(burner.publicKey, 'confirmed');
    const tx = new Transaction().add(...nftBurnIxs(b, planned[0]));
    await sendAndConfirmTransaction(connection, tx, [burner], { commitment: 'confirmed' });
    const after = await connection.getBalance(burner.publicKey, 'confirmed');
    expect(after - before).toBe(expected - 5000); // one signature's fee
    expect(localnet.chain.getAccount(mine.tokenAccount)).toBeNull();
    expect(localnet.chain.getAccount(mine.master!.marker)).not.toBeNull();
  });
});
