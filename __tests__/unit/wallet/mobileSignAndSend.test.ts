// The Mobile Wallet Adapter path with a wallet that only signs and sends (Mobile Wallet Adapter 2.0 makes
// signAndSendTransactions mandatory and signTransactions optional; PRODUCT difference 10). The page's stand-in adapter
// (lazyMobileWalletAdapter.ts) loads the real one, the bridge's port (walletFeatures.ts signAndSendAllFor) reaches it
// through signAndSendAllTransactions, and the one signing path runs a two-transaction flow through it: every
// transaction reaches the real adapter's sendTransaction as the same legacy message, the signatures come back base58
// in order, and nothing is ever asked to sign only. The real adapter's wallet session is replaced at its
// sendTransaction (no Android wallet here); that it opens one session per transaction is in RELIABILITY.
import * as Real from '@solana-mobile/wallet-adapter-mobile';
import { Connection, Keypair, SystemProgram, Transaction, type VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import type { WalletPort } from '../../../src/app/walletPort';
import * as Lazy from '../../../src/features/wallet/wallet/lazyMobileWalletAdapter';
import { signAndSend } from '../../../src/features/wallet/wallet/signing';
import { signAndSendAllFor } from '../../../src/features/wallet/wallet/walletFeatures';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const owner = Keypair.generate();
const blockhash = bs58.encode(Keypair.generate().publicKey.toBytes());
const transfer = (lamports: number) =>
  new Transaction({ feePayer: owner.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: Keypair.generate().publicKey, lamports }),
  );

afterEach(() => jest.restoreAllMocks());

it('a send-only mobile wallet: one flow of two transactions goes out through sign-and-send, never sign-only', async () => {
  Object.defineProperty(window.navigator, 'userAgent', { value: ANDROID_CHROME, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  const sent: VersionedTransaction[] = [];
  const returned = [Keypair.generate().secretKey, Keypair.generate().secretKey]; // 64 bytes each, as signatures are
  // The adapter answers base64 signatures (its sendTransaction); the stand-in hands them on as base58.
  const send = jest
    .spyOn(Real.SolanaMobileWalletAdapter.prototype, 'sendTransaction')
    .mockImplementation(async (tx) => {
      sent.push(tx as VersionedTransaction);
      return Buffer.from(returned[sent.length - 1]).toString('base64');
    });
  const signOnly = [
    jest.spyOn(Real.SolanaMobileWalletAdapter.prototype, 'signTransaction'),
    jest.spyOn(Real.SolanaMobileWalletAdapter.prototype, 'signAllTransactions'),
  ];
  const adapter = new Lazy.SolanaMobileWalletAdapter({
    addressSelector: Lazy.createDefaultAddressSelector(),
    appIdentity: { uri: 'https://solback.test' },
    authorizationResultCache: Lazy.createDefaultAuthorizationResultCache(),
    chain: 'solana:mainnet',
    onWalletNotFound: Lazy.createDefaultWalletNotFoundHandler(),
  });
  // As after the wallet authorised the page (a session is what a real Android wallet would open).
  Object.defineProperty(adapter, 'connected', { value: true });
  Object.defineProperty(adapter, 'publicKey', { value: owner.publicKey });
  const connection = new Connection('http://127.0.0.1:9');

  // The port a send-only wallet gives the page: sign-and-send and nothing to sign only.
  const port: WalletPort = {
    publicKey: owner.publicKey.toBase58(),
    signAndSendAll: signAndSendAllFor(adapter, connection),
  };
  expect(port.signAndSendAll).toBeDefined();
  const txs = [transfer(1), transfer(2)];
  const guarded: number[] = [];
  const signatures = await signAndSend(
    { wallet: port, delay: () => new Promise<void>(() => undefined) },
    {
      blockhash: 'keep',
      build: async () => txs,
      guard: async (checked) => void guarded.push(checked.length),
      send: async () => {
        throw new Error('a send-only wallet is never asked to sign only');
      },
      sent: async (sigs) => sigs,
    },
  );

  expect(signatures).toEqual(returned.map((s) => bs58.encode(s)));
  expect(guarded).toEqual([2]); // the guard ran once, over both
  expect(send).toHaveBeenCalledTimes(2);
  expect(send.mock.calls.every((c) => c[1] === connection)).toBe(true);
  expect(sent.map((v) => Buffer.from(v.message.serialize()))).toEqual(txs.map((t) => t.compileMessage().serialize()));
  for (const spy of signOnly) expect(spy).not.toHaveBeenCalled();
});
