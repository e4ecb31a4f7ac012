// The guard and a funded wrapped-SOL account (RELIABILITY, "Hostile clients"): a hostile vacant list names the
// owner's wrapped-SOL account holding 2.5 SOL; the server builds its close with 1 % of it as the fee. The empty-account
// close refuses any account with a balance, native included, so nothing is signed and the fee wallet gets 0 lamports.
import { type Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { chainGuard } from '../../src/chain/chainGuard';
import { connectionChainReader } from '../../src/chain/chainReader';
import { type TransactionGuardError } from '../../src/chain/guard';
import { NATIVE_MINT, TOKEN_PROGRAM } from '../../src/common/addresses';
import { emptiedWallet } from './relayerSupport';
import { startLocalChainServer, type LocalChainServer } from './localChainServer';
import { tokenAccountData } from '../support/tokenAccountData';

let h: LocalChainServer;
beforeAll(async () => {
  h = await startLocalChainServer();
}, 120_000);
afterAll(() => h.close());

const WRAPPED = 2_500_000_000n;

/** The owner's wrapped-SOL account holding `WRAPPED` lamports above its rent. */
function fundedWrappedSol(owner: Keypair): string {
  const chain = h.solback.localnet!.chain;
  const rent = BigInt(chain.rent(T.ACCOUNT_SIZE));
  const address = T.getAssociatedTokenAddressSync(new PublicKey(NATIVE_MINT), owner.publicKey);
  const data = tokenAccountData({
    mint: new PublicKey(NATIVE_MINT),
    owner: owner.publicKey,
    amount: WRAPPED,
    nativeRent: rent,
  });
  chain.setAccount(address.toBase58(), { lamports: rent + WRAPPED, data, owner: TOKEN_PROGRAM });
  return address.toBase58();
}

it('0 lamports to the fee wallet: a hostile vacant list with a funded wrapped-SOL account is refused', async () => {
  const { owner, accounts } = emptiedWallet(h.solback.localnet!, 2);
  h.solback.localnet!.chain.setAccount(owner.publicKey.toBase58(), { lamports: 1_000_000_000n });
  const wrapped = fundedWrappedSol(owner);
  const listed = [...accounts, wrapped];
  const prepared = await h.api('prepare-burn-transactions', {
    ownerAddress: owner.publicKey.toBase58(),
    vacantAccounts: accounts.map((address) => ({ address })),
  });
  expect(prepared.status).toBe(200);
  // The hostile server: its transaction also closes the wrapped-SOL account and takes 1 % of it as the fee.
  const tx = Transaction.from(Buffer.from(prepared.body.transactions[0] as string, 'base64'));
  const feeWallet0 = new PublicKey(h.solback.config.feeWallet);
  const fee = tx.instructions.find(
    (ix) => ix.programId.equals(SystemProgram.programId) && ix.keys[1]?.pubkey.equals(feeWallet0),
  )!;
  fee.data.writeBigUInt64LE(fee.data.readBigUInt64LE(4) + WRAPPED / 100n, 4);
  tx.instructions.splice(
    tx.instructions.indexOf(fee),
    0,
    T.createCloseAccountInstruction(new PublicKey(wrapped), owner.publicKey, owner.publicKey),
  );
  const txs = [tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')];
  const feeWallet = h.solback.config.feeWallet;
  const [feeBefore] = await h.lamportsOf([feeWallet]);
  const verdict = await chainGuard(txs, {
    owner: owner.publicKey.toBase58(),
    kind: 'closeVacant',
    allowedAccounts: listed,
    feeWallet,
    reader: connectionChainReader(h.connection),
  }).then(
    () => 'passed',
    (e: TransactionGuardError) => e.reason ?? e.message,
  );
  if (verdict === 'passed') {
    // What the old guard let through: the owner signs, the fee wallet is paid 1 % of the wrapped SOL.
    for (const b64 of txs) {
      const tx = Transaction.from(Buffer.from(b64, 'base64'));
      tx.sign(owner);
      await h.connection.confirmTransaction(await h.connection.sendRawTransaction(tx.serialize()), 'confirmed');
    }
  }
  const [feeAfter] = await h.lamportsOf([feeWallet]);
  console.log(`wrapped SOL: guard ${verdict}; fee wallet +${feeAfter - feeBefore} lamports`);
  expect(verdict).toMatch(/still holds wrapped SOL/);
  expect(feeAfter - feeBefore).toBe(0);
});
