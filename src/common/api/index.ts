// The wire contract: request and response of every `/api` call (docs/PRODUCT.md#server-calls, with the changes of PRODUCT differences), one file
// per resource. The page's endpoints and the server's handlers (`satisfies`) both use these types.
// Field names are the spec's. Units: where the spec names an amount (totalRentEstimate, totalRent, recoveredRent…)
// the server answers SOL for display AND an exact integer twin `<name>Lamports` — compute with the twin. Fields
// named `lamports`/`…Lamports` are integers; batch-burn-nft amounts are lamports. Raw token amounts are decimal
// strings (they can exceed 2^53), transactions base64, addresses base58, message signatures base64 (ed25519 over
// the UTF-8 text).
export type * from './assets';
export type * from './auth';
export type * from './cnft';
export type * from './config';
export type * from './delegate';
export type * from './localnet';
export type * from './nftBurn';
export type * from './queue';
export type * from './rent';
export type * from './result';
export type * from './tokens';
export type * from './vacant';
export type * from './relayer';
export type * from './recovery';
