// Well-known program ids and the local defaults for the wallets the server is configured with.
// TRASH_WALLET / FEE_WALLET override the defaults; on the local chain nobody holds these keys, which is the point:
// trashed assets and fees are simply gone from the user's wallet.
export const LOCAL_DEFAULT_TRASH_WALLET = 'F4gVCVwSLB1UHF8FKRrxRnWdG5XMLgwMZzQTJkVSJ1wK';
export const LOCAL_DEFAULT_FEE_WALLET = '76fN7tiu8yepGUYaDpzLd3qVRDdAmqoqLmXLQjjSsgFA';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
export const BUBBLEGUM_PROGRAM = 'BGUMAp9Gq7iTEuizy4pqaxsTyUCBK68MDfK752saRPUY';
export const ACCOUNT_COMPRESSION_PROGRAM = 'cmtDvXumGCrqC1Age74AVPhSRVXJMd8PJS91L8KbNCK';
export const SPL_NOOP_PROGRAM = 'noopb9bkMVfRPU8AsbpTUg8AQkHtKwMYZiFUjNRtMmV';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
// Today's Metaplex programs (PRODUCT difference 12): Metaplex Core, and the log wrapper / compression program Bubblegum V2 uses.
export const MPL_CORE_PROGRAM = 'CoREENxT6tW1HoK8ypY1SxRMZTcVPm7R94rH4PZNhX7d';
export const MPL_NOOP_PROGRAM = 'mnoopTCrg4p8ry25e4bcWA9XZjbNjMTfgYVGGEdRsf3';
export const MPL_ACCOUNT_COMPRESSION_PROGRAM = 'mcmt6YrQEMKw8Mw43FmpRLmf7BqRnFMKmAcbxE3xkAW';
// Phantom's transaction guard (Lighthouse assertions, https://github.com/Jac0xb/lighthouse): wallets add its instructions.
export const LIGHTHOUSE_PROGRAM = 'L2TExMFKdjpN9kozasaurPirfHy9P8sbXoAN1qA3S95';
export const SYSVAR_INSTRUCTIONS = 'Sysvar1nstructions1111111111111111111111111';
