// Pure chain code shared by the browser and the server: builders, sizing/packing, decoding, the guard, formatting.
export * from './keys';
export * from './format';
export * from './fees';
export * from './computeBudget';
export * from './tokenInstructions';
export * from './feeTransfer';
export * from './nftBurn';
export * from './pack';
export * from './decode';
export * from './guard';
export * from './classifyError';
export * from './cnft';
