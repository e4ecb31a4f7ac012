// borsh requires the 'text-encoding-utf-8' polyfill but uses it only where TextDecoder is missing; every browser we
// serve has it, so the page bundle gets the native classes instead of the polyfill.
export const TextDecoder = globalThis.TextDecoder;
export const TextEncoder = globalThis.TextEncoder;
