// The request/response types live in src/common/api/ (one file per resource); import them from there. This
// re-export keeps imports of work in flight compiling until they move.
export type * from './api';

// The texts an owner signs are defined once in src/common/authMessage.ts (PRODUCT difference 11).
