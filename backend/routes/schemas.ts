// The shared request fields live with the wire contract (src/common/api/fields.ts); routes import them from here.
export * from '../../src/common/api/fields';
