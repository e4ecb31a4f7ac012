// The one definition of a signed authorisation (PRODUCT difference 11): the exact Sign-In-With-Solana layout,
// a strict round trip, and the memo form (PRODUCT difference 11) that carries the same text in a never-sent transaction.
import { Keypair, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import {
  AuthMessageFormatError,
  authTimes,
  formatAuthMessage,
  parseAuthMessage,
  type AuthMessage,
} from '../../../src/common/authMessage';
import {
  MEMO_PROGRAM_ID,
  MemoAuthorizationError,
  buildMemoAuthorization,
  memoAuthorizationFits,
  neverLandingBlockhash,
  readMemoAuthorization,
} from '../../../src/chain/memoAuthorization';
import { addWalletGuards } from '../../../src/chain/walletAdditions';
import { AUTH_TEXTS } from '../../../src/common/texts/authTexts';

const wallet = Keypair.generate();
const asset = () => Keypair.generate().publicKey.toBase58();
const assets = [asset(), asset()];
const base: AuthMessage = {
  domain: 'solback.example:8443',
  address: wallet.publicKey.toBase58(),
  action: 'queue-authorize',
  uri: 'https://solback.example:8443',
  nonce: '0123456789abcdef0123456789abcdef',
  issuedAt: '2026-11-23T08:00:00.000Z',
  expirationTime: '2026-11-23T08:10:00.000Z',
  queueId: '8a1b2c3d-0000-4000-8000-123456789abc',
  assetIds: assets,
};

it('lays the message out as SIWS / EIP-4361 does, field by field', () => {
  expect(formatAuthMessage(base)).toBe(
    [
      'solback.example:8443 wants you to sign in with your Solana account:',
      wallet.publicKey.toBase58(),
      '',
      "Authorise SolBack's delegate to send these 2 cNFTs from this wallet to the trash wallet (transfer queue).",
      '',
      'URI: https://solback.example:8443',
      'Version: 1',
      'Nonce: 0123456789abcdef0123456789abcdef',
      'Issued At: 2026-11-23T08:00:00.000Z',
      'Expiration Time: 2026-11-23T08:10:00.000Z',
      'Request ID: queue-authorize',
      'Resources:',
      '- queue:8a1b2c3d-0000-4000-8000-123456789abc',
      `- asset:${assets[0]}`,
      `- asset:${assets[1]}`,
    ].join('\n'),
  );
});

it('round-trips every action (with and without a queue) to the same fields', () => {
  for (const action of ['queue-authorize', 'queue-cancel'] as const)
    expect(parseAuthMessage(formatAuthMessage({ ...base, action }))).toEqual({ ...base, action });
  for (const action of ['delegated-transfer', 'burn-request'] as const) {
    const m = { ...base, action, queueId: undefined, assetIds: [assets[0]] };
    expect(parseAuthMessage(formatAuthMessage(m))).toEqual(m);
  }
});

it('refuses any text that is not exactly what the fields make', () => {
  const text = formatAuthMessage(base);
  const bad = [
    text + '\n',
    text + '\n- asset:' + assets[0].slice(1),
    text.replace('Version: 1', 'Version: 2'),
    text.replace('Request ID: queue-authorize', 'Request ID: drain-wallet'),
    text.replace('these 2 cNFTs', 'these 3 cNFTs'), // the statement must match the asset count
    text.replace(/\n/g, '\r\n'),
    text.replace('Nonce: 0123', 'Nonce: 01 3'),
    text.replace('2026-11-23T08:10:00.000Z', 'tomorrow'),
    text.replace('solback.example:8443 wants', 'solback.example/x wants'),
    text.replace(`- asset:${assets[1]}`, '- queue:another-queue-id'),
    text.replace(wallet.publicKey.toBase58(), 'not-an-address'),
    '',
  ];
  for (const t of bad) expect(() => parseAuthMessage(t)).toThrow(AuthMessageFormatError);
});

it('gives an expiry of at most 10 minutes after issue', () => {
  const t = authTimes(Date.parse('2026-11-23T08:00:00.000Z'), 60 * 60_000);
  expect(t).toEqual({ issuedAt: '2026-11-23T08:00:00.000Z', expirationTime: '2026-11-23T08:10:00.000Z' });
});

describe('the memo form', () => {
  const owner = wallet.publicKey.toBase58();
  const text = formatAuthMessage({ ...base, action: 'delegated-transfer', queueId: undefined, assetIds: [assets[0]] });
  const signed = (tx: Transaction, ...kps: Keypair[]) => {
    tx.sign(...kps);
    return tx.serialize({ requireAllSignatures: false }).toString('base64');
  };
  /** The wallet's place signed by another key (what a forger can do). */
  const forged = (tx: Transaction, by: Keypair) => {
    tx.addSignature(tx.feePayer!, Buffer.from(nacl.sign.detached(tx.serializeMessage(), by.secretKey)));
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  };
  const nonceOf = (t: string) => parseAuthMessage(t).nonce;

  it("carries the exact text in its one memo; the wallet pays and signs; the blockhash is the nonce's own bytes", () => {
    const tx = buildMemoAuthorization(owner, text, base.nonce);
    expect(Buffer.from(bs58.decode(tx.recentBlockhash!)).toString('ascii')).toBe(base.nonce);
    expect(tx.recentBlockhash).toBe(neverLandingBlockhash(base.nonce));
    expect(readMemoAuthorization(signed(tx, wallet), owner, nonceOf)).toBe(text);
  });

  it("accepts it with a wallet guard's additions (Lighthouse, compute budget), and refuses a transfer added beside them", () => {
    const guarded = addWalletGuards(buildMemoAuthorization(owner, text, base.nonce));
    expect(guarded.instructions).toHaveLength(1 + 6);
    expect(readMemoAuthorization(signed(guarded, wallet), owner, nonceOf)).toBe(text);
    const paying = addWalletGuards(buildMemoAuthorization(owner, text, base.nonce)).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }),
    );
    expect(() => readMemoAuthorization(signed(paying, wallet), owner, nonceOf)).toThrow('instructions');
  });

  it('refuses another signer, a second instruction, another program, another blockhash, another wallet', () => {
    const other = Keypair.generate();
    expect(() =>
      readMemoAuthorization(forged(buildMemoAuthorization(owner, text, base.nonce), other), owner, nonceOf),
    ).toThrow(MemoAuthorizationError);
    const two = buildMemoAuthorization(owner, text, base.nonce).add(
      new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('more') }),
    );
    expect(() => readMemoAuthorization(signed(two, wallet), owner, nonceOf)).toThrow('instructions');
    const notMemo = new Transaction({
      feePayer: wallet.publicKey,
      recentBlockhash: neverLandingBlockhash(base.nonce),
    }).add(new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from(text) }));
    expect(() => readMemoAuthorization(signed(notMemo, wallet), owner, nonceOf)).toThrow('program');
    const landable = buildMemoAuthorization(owner, text, base.nonce);
    landable.recentBlockhash = Keypair.generate().publicKey.toBase58();
    expect(() => readMemoAuthorization(signed(landable, wallet), owner, nonceOf)).toThrow('blockhash');
    const tx = signed(buildMemoAuthorization(owner, text, base.nonce), wallet);
    expect(() => readMemoAuthorization(tx, other.publicKey.toBase58(), nonceOf)).toThrow('fee payer');
    expect(() => readMemoAuthorization('AAAA', owner, nonceOf)).toThrow(MemoAuthorizationError);
  });

  it("fits one transaction, with room for a wallet's additions, for up to 6 cNFTs of a queue (the limit the page names, for a host of up to 35 characters), not 7", () => {
    const many = Array.from({ length: 11 }, () => Keypair.generate().publicKey.toBase58());
    const queueText = (n: number) =>
      formatAuthMessage({
        ...base,
        domain: 'a-long-public-host-name.example.com',
        uri: 'https://a-long-public-host-name.example.com',
        assetIds: many.slice(0, n),
      });
    expect(memoAuthorizationFits(owner, queueText(6), base.nonce)).toBe(true);
    expect(memoAuthorizationFits(owner, queueText(7), base.nonce)).toBe(false);
    expect(AUTH_TEXTS.memoTooLong).toContain('about 6 cNFTs');
  });
});
