// See secp256k1.js: web3.js uses keccak-256 only for Secp256k1Program.
export { unavailable as keccak_256 } from './secp256k1';
