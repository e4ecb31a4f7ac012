// Hostile clients, bounded answers (RELIABILITY, "Hostile clients"): the memory finding's batch at a small size, the
// local chain's airdrop and account-size caps, a provider answer streamed with a byte limit, the local chain saving an
// account over LiteSVM's 4 MiB snapshot limit, and the getProgramAccounts pinpoint rule. Each asserts its bound.
import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import os from 'os';
import path from 'path';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { createLocalnet } from '../../backend/localnet';
import { MAX_KEYS_PER_BATCH } from '../../backend/services/rpcProxy/rpcAnswerBudget';
import { MAX_RPC_ANSWER_BYTES } from '../../backend/services/rpcProxy/rpcPolicy';
import { httpTransport } from '../../backend/services/rpc/rpc';
import { MAX_AIRDROP_LAMPORTS, MAX_AIRDROP_LAMPORTS_PER_DAY } from '../../backend/services/rpcProxy/rpcSendPolicy';
import { TOKEN_PROGRAM } from '../../src/common/addresses';
import { authorizationMemoOf } from '../../src/chain/authorizationMemo';
import { MEMO_PROGRAM_ID } from '../../src/chain/memoAuthorization';
import { startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
}, 60_000);
afterAll(() => server.close());

const call = (method: string, params: unknown[] = [], id: unknown = 1) => ({ jsonrpc: '2.0', id, method, params });
/** A request as an anonymous client at `ip` (behind the one trusted proxy hop). */
const asClient = async (ip: string, body: unknown) => {
  const res = await fetch(`${server.url}/api/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

/** The longest JSON text the server process builds while `run` runs (the server runs in this process). */
async function largestJsonBuilt(run: () => Promise<unknown>): Promise<number> {
  const original = JSON.stringify;
  let largest = 0;
  JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
    const out = original(...args);
    if (typeof out === 'string' && out.length > largest) largest = out.length;
    return out;
  }) as typeof JSON.stringify;
  try {
    await run();
  } finally {
    JSON.stringify = original;
  }
  return largest;
}

describe('an answer is estimated before it is built', () => {
  const big = Keypair.generate().publicKey.toBase58();
  const half = Keypair.generate().publicKey.toBase58();
  beforeAll(() => {
    server.solback.localnet!.chain.setAccount(half, { lamports: 10n ** 9n, data: new Uint8Array(32 * 1024) });
    // 64 KiB (the largest account /api/rpc lets anyone create): a hostile 10 MiB account at a test's size.
    server.solback.localnet!.chain.setAccount(big, { lamports: 10n ** 9n, data: new Uint8Array(64 * 1024) });
  });

  it('a hostile batch (20 × 100 names of one account) is refused whole, nothing built', async () => {
    const batch = JSON.stringify(
      Array.from({ length: 20 }, (_, i) => call('getMultipleAccounts', [Array(100).fill(big)], i)),
    ); // 95 KB, a hostile batch's size
    let res: Awaited<ReturnType<typeof asClient>> | undefined;
    const heapBefore = process.memoryUsage().heapUsed;
    const largest = await largestJsonBuilt(async () => (res = await asClient('203.0.113.1', batch)));
    const grew = process.memoryUsage().heapUsed - heapBefore;
    expect(res!.json.map((a: any) => a.error?.code)).toEqual([-32009, -32009, ...Array(18).fill(-32602)]);
    console.log(`hostile batch: 2,000 names of a 64 KiB account → largest JSON built ${largest} bytes, heap +${grew}`);
    expect(largest).toBeLessThan(64 * 1024);
  });

  it('within the key caps, a batch whose answers would pass 8 MiB is refused before building; a fitting one answers', async () => {
    const batch = [0, 1].map((i) => call('getMultipleAccounts', [Array(100).fill(half)], i)); // ≈ 8.8 MB of base64
    let res: Awaited<ReturnType<typeof asClient>> | undefined;
    const largest = await largestJsonBuilt(async () => (res = await asClient('203.0.113.2', batch)));
    expect(res!.json[0].result.value).toHaveLength(100); // 4.4 MB: over the cap only with the second
    expect(res!.json[1].error).toEqual({ code: -32009, message: 'Answer too large for this server' });
    expect(largest).toBeLessThan(MAX_RPC_ANSWER_BYTES * 1.2);
    const sliced = await asClient('203.0.113.2', [
      call('getMultipleAccounts', [Array(100).fill(big), { encoding: 'base64', dataSlice: { offset: 0, length: 8 } }]),
      call('getAccountInfo', [big, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }], 2),
    ]);
    expect(sliced.json[0].result.value[0].data[0]).toBe('AAAAAAAAAAA=');
    expect(sliced.json[1].result.value.space).toBe(64 * 1024);
    const tooMany = await asClient('203.0.113.3', [
      call('getMultipleAccounts', [Array(100).fill(big), { dataSlice: { offset: 0, length: 0 } }], 1),
      call('getMultipleAccounts', [Array(100).fill(big), { dataSlice: { offset: 0, length: 0 } }], 2),
      call('getAccountInfo', [big, { dataSlice: { offset: 0, length: 0 } }], 3),
    ]);
    expect(tooMany.json.map((a: any) => a.error?.code ?? 'ok')).toEqual(['ok', 'ok', -32602]); // 201 > 200
    expect(MAX_KEYS_PER_BATCH).toBe(200);
  });
});

describe('local chain: airdrops and created accounts through /api/rpc are capped', () => {
  it('an anonymous client gets at most 2 SOL an airdrop and 10 SOL a day', async () => {
    const to = Keypair.generate().publicKey.toBase58();
    const over = await asClient('203.0.113.9', call('requestAirdrop', [to, 200_000_000_000]));
    expect(over.json.error.message).toContain(`at most ${MAX_AIRDROP_LAMPORTS} lamports an airdrop`);
    let given = 0;
    for (let i = 0; i < 6; i++) {
      const res = await asClient('203.0.113.9', call('requestAirdrop', [to, MAX_AIRDROP_LAMPORTS]));
      if (res.json.result) given += MAX_AIRDROP_LAMPORTS;
    }
    expect(given).toBe(MAX_AIRDROP_LAMPORTS_PER_DAY);
    expect(Number(server.solback.localnet!.chain.getBalance(to))).toBe(MAX_AIRDROP_LAMPORTS_PER_DAY);
  });

  it('a transaction creating an account over 64 KiB is refused; 64 KiB is sent', async () => {
    const payer = Keypair.generate();
    server.solback.localnet!.chain.setAccount(payer.publicKey.toBase58(), { lamports: 10n ** 11n });
    const { result: bh } = (await asClient('203.0.113.10', call('getLatestBlockhash'))).json;
    const create = (space: number) => {
      const account = Keypair.generate();
      const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: bh.value.blockhash }).add(
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: account.publicKey,
          lamports: 1e9,
          space,
          programId: SystemProgram.programId,
        }),
      );
      tx.sign(payer, account);
      return call('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]);
    };
    const big = await asClient('203.0.113.10', create(10 * 1024 * 1024));
    expect(big.json.error.message).toContain('an account larger than 65536 bytes');
    const ok = await asClient('203.0.113.10', create(64 * 1024));
    expect(typeof ok.json.result).toBe('string');
  });

  it('sendTransaction relays only what the page could build: no memo-only but the queue authorisation, no unknown program, no missing signature', async () => {
    const payer = Keypair.generate();
    server.solback.localnet!.chain.airdrop(payer.publicKey.toBase58(), 1_000_000_000n);
    const { result: bh } = (await asClient('203.0.113.11', call('getLatestBlockhash'))).json;
    const tx = (ix: TransactionInstruction, sign = true) => {
      const t = new Transaction({ feePayer: payer.publicKey, recentBlockhash: bh.value.blockhash }).add(ix);
      if (sign) t.sign(payer);
      const bytes = sign ? t.serialize() : t.serialize({ requireAllSignatures: false, verifySignatures: false });
      return call('sendTransaction', [bytes.toString('base64'), { encoding: 'base64' }]);
    };
    const memo = new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [],
      data: Buffer.from('hello'),
    });
    const unknown = new TransactionInstruction({
      programId: Keypair.generate().publicKey,
      keys: [],
      data: Buffer.alloc(1),
    });
    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 });
    // The queue's authorisation memo (src/chain/authorizationMemo.ts) alone is one the page builds; its shape exactly.
    const authMemo = (text: string) =>
      new TransactionInstruction({
        programId: MEMO_PROGRAM_ID,
        keys: [{ pubkey: payer.publicKey, isSigner: true, isWritable: false }],
        data: Buffer.from(text),
      });
    const hash = authorizationMemoOf('ab'.repeat(32));
    const answers = await asClient('203.0.113.11', [
      tx(memo),
      tx(unknown),
      tx(transfer, false),
      tx(authMemo(`${hash} and more`)),
      tx(authMemo(hash)),
    ]);
    expect(answers.json.map((a: any) => a.error?.message)).toEqual([
      'Refused by this server: no instruction of a program this page uses',
      expect.stringContaining('Refused by this server: a program this page never calls'),
      'Refused by this server: every signer must have signed',
      'Refused by this server: no instruction of a program this page uses',
      undefined,
    ]);
    expect(typeof answers.json[4].result).toBe('string');
  });
});

describe('getProgramAccounts pinpoint rule', () => {
  it('refuses a memcmp of 32 zero bytes (a full scan)', async () => {
    const zero = '11111111111111111111111111111111';
    const res = await asClient(
      '203.0.113.12',
      call('getProgramAccounts', [
        'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s',
        { filters: [{ dataSize: 282 }, { memcmp: { offset: 1, bytes: zero } }] },
      ]),
    );
    expect(res.json.error.code).toBe(-32601);
  });

  it('a popular mint (supply 1,000,000, 3 holders) at offset 0 is refused; an NFT mint (supply 1) lists its 1 holder', async () => {
    const chain = server.solback.localnet!.chain;
    const mintOf = (supply: bigint) => {
      const data = Buffer.alloc(82);
      data.writeBigUInt64LE(supply, 36);
      data[45] = 1; // initialised
      const key = Keypair.generate().publicKey.toBase58();
      chain.setAccount(key, { lamports: 10n ** 7n, data, owner: TOKEN_PROGRAM });
      return key;
    };
    const holderOf = (mint: string, amount: bigint) => {
      const data = Buffer.alloc(165);
      new PublicKey(mint).toBuffer().copy(data, 0);
      Keypair.generate().publicKey.toBuffer().copy(data, 32);
      data.writeBigUInt64LE(amount, 64);
      data[108] = 1; // initialised
      chain.setAccount(Keypair.generate().publicKey.toBase58(), { lamports: 10n ** 7n, data, owner: TOKEN_PROGRAM });
    };
    const popular = mintOf(1_000_000n);
    for (const amount of [500_000n, 300_000n, 200_000n]) holderOf(popular, amount);
    const nft = mintOf(1n);
    holderOf(nft, 1n);
    const holders = (mint: string) =>
      asClient(
        '203.0.113.13',
        call('getProgramAccounts', [
          TOKEN_PROGRAM,
          {
            encoding: 'base64',
            commitment: 'confirmed',
            filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: mint } }],
          },
        ]),
      );
    expect((await holders(popular)).json.error).toEqual({
      code: -32601,
      message: 'Method not allowed on this server: getProgramAccounts',
    });
    expect((await holders(nft)).json.result).toHaveLength(1);
    // Any other filter than the page's two is refused, even naming the NFT's mint.
    const other = await asClient(
      '203.0.113.13',
      call('getProgramAccounts', [
        TOKEN_PROGRAM,
        { filters: [{ dataSize: 165 }, { memcmp: { offset: 32, bytes: nft } }] },
      ]),
    );
    expect(other.json.error.code).toBe(-32601);
  });
});

describe('a provider answer is streamed with a byte limit', () => {
  it('gives up at the limit instead of reading a 4 MB answer whole', async () => {
    let sent = 0;
    const provider = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 2)}",`);
      res.write('{"jsonrpc":"2.0","id":1,"result":[');
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', pump);
        }
        res.end('"end"]}');
      };
      pump();
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/`;
      const send = httpTransport(url, { retries: 0, maxAnswerBytes: 256 * 1024 });
      await expect(send({ jsonrpc: '2.0', id: 1, method: 'getSlot' })).rejects.toMatchObject({ httpStatus: 502 });
    } finally {
      provider.closeAllConnections();
      await new Promise((r) => provider.close(r));
    }
  });
});

describe('the local chain saves accounts of any size the chain allows', () => {
  it('a 5 MiB account (over LiteSVM’s 4 MiB snapshot limit) and a later funding survive a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-large-'));
    const wallets = {
      delegate: Keypair.generate().publicKey.toBase58(),
      trashWallet: Keypair.generate().publicKey.toBase58(),
      feeWallet: Keypair.generate().publicKey.toBase58(),
    };
    const large = Keypair.generate().publicKey.toBase58();
    const later = Keypair.generate().publicKey.toBase58();
    try {
      const first = await createLocalnet({ ...wallets, dataDir, slotMs: 0 });
      const data = new Uint8Array(5 * 1024 * 1024).fill(7);
      first.chain.setAccount(large, { lamports: 10n ** 11n, data });
      first.chain.airdrop(later, 2_120_000_000n);
      await first.close();
      const second = await createLocalnet({ ...wallets, dataDir, slotMs: 0 });
      expect(second.chain.getAccount(large)?.data.length).toBe(5 * 1024 * 1024);
      expect(second.chain.getAccount(large)?.data[12345]).toBe(7);
      expect(second.chain.getBalance(later)).toBe(2_120_000_000n);
      await second.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
