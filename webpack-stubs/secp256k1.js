// @solana/web3.js imports secp256k1 (and keccak-256, see sha3.js) only for Secp256k1Program, the instruction that
// checks Ethereum signatures. SolBack never builds it, so the page bundle gets these stand-ins, which say so if called.
export function unavailable() {
  throw new Error('secp256k1 is not part of the SolBack page bundle (Secp256k1Program is not used)');
}
export const secp256k1 = { sign: unavailable, getPublicKey: unavailable, utils: { isValidPrivateKey: unavailable } };
