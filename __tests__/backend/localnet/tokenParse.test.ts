import { Keypair, PublicKey, type ParsedAccountData } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { createLocalnet, type Localnet } from '../../../backend/localnet';
import { TOKEN_PROGRAM } from '../../../src/common/addresses';
import { startRpcServer, type RpcServer } from './rpcServer';

const wallets = {
  delegate: Keypair.generate().publicKey.toBase58(),
  trashWallet: Keypair.generate().publicKey.toBase58(),
  feeWallet: Keypair.generate().publicKey.toBase58(),
};

describe('jsonParsed token accounts', () => {
  let localnet: Localnet;
  let rpc: RpcServer;
  beforeAll(async () => {
    localnet = await createLocalnet({ ...wallets, slotMs: 0 });
    rpc = await startRpcServer(localnet);
  });
  afterAll(async () => {
    await rpc.close();
    await localnet.close();
  });

  it('shows delegate, delegatedAmount and closeAuthority like a cluster', async () => {
    const [mint, owner, delegate, closer, account] = Array.from({ length: 5 }, () => Keypair.generate().publicKey);
    const m = Buffer.alloc(T.MINT_SIZE);
    T.MintLayout.encode(
      {
        mintAuthorityOption: 0,
        mintAuthority: PublicKey.default,
        supply: 1_000_000n,
        decimals: 3,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      m,
    );
    localnet.chain.setAccount(mint.toBase58(), { lamports: 1_461_600n, data: m, owner: TOKEN_PROGRAM });
    const a = Buffer.alloc(T.ACCOUNT_SIZE);
    T.AccountLayout.encode(
      {
        mint,
        owner,
        amount: 1_500n,
        delegateOption: 1,
        delegate,
        state: T.AccountState.Initialized,
        isNativeOption: 0,
        isNative: 0n,
        delegatedAmount: 250n,
        closeAuthorityOption: 1,
        closeAuthority: closer,
      },
      a,
    );
    localnet.chain.setAccount(account.toBase58(), { lamports: 2_039_280n, data: a, owner: TOKEN_PROGRAM });

    const parsed = (await rpc.connection.getParsedAccountInfo(account)).value!.data as ParsedAccountData;
    expect(parsed.program).toBe('spl-token');
    expect(parsed.parsed.info).toEqual({
      isNative: false,
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      state: 'initialized',
      tokenAmount: { amount: '1500', decimals: 3, uiAmount: 1.5, uiAmountString: '1.5' },
      delegate: delegate.toBase58(),
      delegatedAmount: { amount: '250', decimals: 3, uiAmount: 0.25, uiAmountString: '0.25' },
      closeAuthority: closer.toBase58(),
    });
    const mintInfo = (await rpc.connection.getParsedAccountInfo(mint)).value!.data as ParsedAccountData;
    expect(mintInfo.parsed).toEqual({
      type: 'mint',
      info: { decimals: 3, freezeAuthority: null, isInitialized: true, mintAuthority: null, supply: '1000000' },
    });
    const balance = await rpc.connection.getTokenAccountBalance(account);
    expect(balance.value.uiAmountString).toBe('1.5');
    const byMint = await rpc.connection.getTokenAccountsByOwner(owner, { mint });
    expect(byMint.value.map((v) => v.pubkey.toBase58())).toEqual([account.toBase58()]);
  });
});
