// @solana/spl-account-compression 0.4.1 is published with its build under dist/cjs/src while package.json points at
// dist/cjs, so `import '@solana/spl-account-compression'` fails. Load its MerkleTree and account reader by file path.
import path from 'node:path';
import type * as Compression from '@solana/spl-account-compression/dist/types/src';

const idl = require.resolve('@solana/spl-account-compression/idl/spl_account_compression.json');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib: typeof Compression = require(path.join(path.dirname(idl), '..', 'dist', 'cjs', 'src', 'index.js'));

export const MerkleTree = lib.MerkleTree;
export type MerkleTree = Compression.MerkleTree;
export const ConcurrentMerkleTreeAccount = lib.ConcurrentMerkleTreeAccount;
