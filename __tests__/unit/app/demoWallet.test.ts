// The Local Demo Wallet as a Wallet Standard wallet: key in storage, funded once per key, real ed25519 signing.
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import nacl from 'tweetnacl';
import { DEMO_KEY_STORAGE_KEY } from '../../../src/features/wallet/wallet/demoWallet/demoKeyStore';
import { createDemoWallet, DEMO_WALLET_NAME } from '../../../src/features/wallet/wallet/demoWallet/demoWallet';

type Features = Record<string, any>;
const features = (w: { features: unknown }) => w.features as Features;

beforeEach(() => localStorage.clear());

test('first connect creates and stores a key, funds it once, and reports the account', async () => {
  const fund = jest.fn(async () => undefined);
  const wallet = createDemoWallet({ fund });
  expect(wallet.name).toBe(DEMO_WALLET_NAME);
  expect(wallet.chains).toContain('solana:localnet');
  const changes: unknown[] = [];
  features(wallet)['standard:events'].on('change', (p: unknown) => changes.push(p));

  const { accounts } = await features(wallet)['standard:connect'].connect();
  expect(accounts).toHaveLength(1);
  const address = accounts[0].address as string;
  expect(fund).toHaveBeenCalledWith(address);
  expect(accounts[0].features).toEqual(expect.arrayContaining(['solana:signTransaction', 'solana:signMessage']));
  expect(changes).toHaveLength(1);
  expect(JSON.parse(localStorage.getItem(DEMO_KEY_STORAGE_KEY) ?? '[]')).toHaveLength(64);

  // A new page (new wallet object) finds the same key and does not fund again.
  const again = createDemoWallet({ fund });
  const second = await features(again)['standard:connect'].connect({ silent: true });
  expect(second.accounts[0].address).toBe(address);
  expect(fund).toHaveBeenCalledTimes(1);

  await features(wallet)['standard:disconnect'].disconnect();
  expect(wallet.accounts).toHaveLength(0);
});

test('a failed funding fails the connect and is tried again next time', async () => {
  const fund = jest.fn().mockRejectedValueOnce(new Error('chain down')).mockResolvedValue(undefined);
  const wallet = createDemoWallet({ fund });
  await expect(features(wallet)['standard:connect'].connect()).rejects.toThrow('chain down');
  expect(wallet.accounts).toHaveLength(0);
  await features(wallet)['standard:connect'].connect();
  expect(fund).toHaveBeenCalledTimes(2);
});

test('signs several transactions in one call and signs messages with the stored key', async () => {
  const wallet = createDemoWallet({ fund: async () => undefined });
  const { accounts } = await features(wallet)['standard:connect'].connect();
  const owner = new PublicKey(accounts[0].address);
  const make = (lamports: number) => {
    const tx = new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() });
    tx.add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: Keypair.generate().publicKey, lamports }));
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  };
  const outputs = await features(wallet)['solana:signTransaction'].signTransaction(
    { transaction: make(1), account: accounts[0] },
    { transaction: make(2), account: accounts[0] },
  );
  expect(outputs).toHaveLength(2);
  for (const { signedTransaction } of outputs) {
    expect(Transaction.from(signedTransaction).verifySignatures()).toBe(true);
  }

  const message = new TextEncoder().encode('Authorize cNFT queue transfer: q1');
  const [{ signature }] = await features(wallet)['solana:signMessage'].signMessage({ message, account: accounts[0] });
  expect(nacl.sign.detached.verify(message, signature, owner.toBytes())).toBe(true);
});
