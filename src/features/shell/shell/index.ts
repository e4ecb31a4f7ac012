// The shell feature's public face (ARCHITECTURE, rules the tools enforce): the page src/index.tsx renders and the
// wallet assets screen the wallet app's chunk (src/App.tsx) shows. webpack links each import straight to its module
// (`sideEffects: false` in webpack.config.ts), so the screen stays out of the page's first chunk.
export { AssetsScreen } from './AssetsScreen';
export { Page } from './Page';
