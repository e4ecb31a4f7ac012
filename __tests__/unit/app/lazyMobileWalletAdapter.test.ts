// The stand-in the page bundle uses for the Mobile Wallet Adapter (webpack.config.ts) must look and behave like the
// real adapter for @solana/wallet-adapter-react: same name, icon, URL and ready state, and the default helpers the
// provider passes it must work the same.
import * as Real from '@solana-mobile/wallet-adapter-mobile';
import { WalletNotConnectedError, WalletReadyState } from '@solana/wallet-adapter-base';
import * as Lazy from '../../../src/features/wallet/wallet/lazyMobileWalletAdapter';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function setBrowser(userAgent: string, secure: boolean): void {
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
}

const config = () => ({
  addressSelector: Lazy.createDefaultAddressSelector(),
  appIdentity: { uri: 'https://solback.test' },
  authorizationResultCache: Lazy.createDefaultAuthorizationResultCache(),
  chain: 'solana:mainnet' as const,
  onWalletNotFound: Lazy.createDefaultWalletNotFoundHandler(),
});

describe('lazy Mobile Wallet Adapter', () => {
  const userAgent = window.navigator.userAgent;
  afterEach(() => setBrowser(userAgent, true));

  it('exports the real wallet name', () => {
    expect(Lazy.SolanaMobileWalletAdapterWalletName).toBe(Real.SolanaMobileWalletAdapterWalletName);
  });

  it.each([
    ['Android, secure page', ANDROID_CHROME, true, WalletReadyState.Loadable],
    ['Android, insecure page', ANDROID_CHROME, false, WalletReadyState.Unsupported],
    ['desktop', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0', true, WalletReadyState.Unsupported],
  ])('%s: same identity and ready state as the real adapter', async (_name, ua, secure, state) => {
    setBrowser(ua, secure);
    const lazy = new Lazy.SolanaMobileWalletAdapter(config());
    const real = new Real.SolanaMobileWalletAdapter(config());
    for (const adapter of [lazy, real]) {
      expect(adapter.readyState).toBe(state);
      expect(adapter.connected).toBe(false);
      expect(adapter.publicKey).toBeNull();
    }
    expect([lazy.name, lazy.url, lazy.icon]).toEqual([real.name, real.url, real.icon]);
    expect([...lazy.supportedTransactionVersions]).toEqual([...real.supportedTransactionVersions]);
  });

  it('hands calls to the real adapter and passes its events on', async () => {
    setBrowser(ANDROID_CHROME, true);
    const lazy = new Lazy.SolanaMobileWalletAdapter(config());
    const errors: Error[] = [];
    lazy.on('error', (e) => errors.push(e));
    await expect(lazy.signMessage(new Uint8Array([1]))).rejects.toBeInstanceOf(WalletNotConnectedError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WalletNotConnectedError);
  });

  it('default helpers: the first address, and the real authorization cache behind the stand-in', async () => {
    await expect(Lazy.createDefaultAddressSelector().select(['a', 'b'])).resolves.toBe('a');
    const cache = Lazy.createDefaultAuthorizationResultCache();
    const { clear, get, set } = cache; // the adapter calls them unbound
    await clear();
    await expect(get()).resolves.toBeUndefined();
    const authorization = { accounts: [], auth_token: 'token', wallet_uri_base: 'https://wallet.test' };
    await set(authorization);
    await expect(Real.createDefaultAuthorizationResultCache().get()).resolves.toEqual(authorization);
    await clear();
    await expect(get()).resolves.toBeUndefined();
  });
});
