// The revoke feature's public face (ARCHITECTURE, rules the tools enforce): its slice and listeners, which the app
// registers. RevokeOffer is not re-exported: only lazy chunks load it (eslint.config.js, lazyChunkModules).
export { default as revokeSlice } from './revokeSlice';
export { setupRevokeListeners } from './revokeListeners';
