/**
 * Where the wallet adapter remembers the last wallet (WalletProvider's `localStorageKey`, its default); set, the
 * page auto-connects. Its own file rather than common/constants: the landing's chunk must not carry that whole file.
 * The shell reads it, the wallet providers write it: shared here, neither imports the other.
 */
export const REMEMBERED_WALLET_KEY = 'walletName';
