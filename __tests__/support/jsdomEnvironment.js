// jsdom lacks Node's TextEncoder/TextDecoder, and its own Uint8Array/ArrayBuffer are a different realm from the ones
// @solana/web3.js and @noble produce; copy Node's in so `instanceof` checks agree.
const { TestEnvironment } = require('jest-environment-jsdom');
class SolbackJsdomEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    Object.assign(this.global, {
      TextEncoder,
      TextDecoder,
      Uint8Array,
      ArrayBuffer,
      structuredClone,
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream: globalThis.ReadableStream,
      Blob: globalThis.Blob,
    });
  }
}
module.exports = SolbackJsdomEnvironment;
