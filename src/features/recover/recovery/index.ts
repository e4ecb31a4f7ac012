// The recovery feature's public face (ARCHITECTURE, rules the tools enforce): its slice and listeners, which the app
// registers. MoreSolSection is not re-exported: only lazy chunks load it (eslint.config.js, lazyChunkModules).
export { default as recoverySlice } from './recoverySlice';
export { setupRecoveryListeners } from './recoveryListeners';
