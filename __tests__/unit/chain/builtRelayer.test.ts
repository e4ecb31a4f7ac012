/** @jest-environment node */
// The relayer the page accepts as fee payer (PRODUCT differences 10 and 15): the build's RELAYER_ADDRESS, never another the server
// names; without one, only a local chain's own relayer, and an upstream server cannot relay.
import { Keypair } from '@solana/web3.js';
import { RELAYER_NOT_PINNED, pinnedRelayer } from '../../../src/common/builtRelayer';
import { ServerMismatchError } from '../../../src/common/builtWallets';
import { CHAIN_GUARD } from '../../../src/common/texts/guardTexts';

const built = Keypair.generate().publicKey.toBase58();
const other = Keypair.generate().publicKey.toBase58();

it('a build naming its relayer accepts that one and refuses a server naming another', () => {
  expect(pinnedRelayer({ relayer: built, localnet: false }, built)).toBe(built);
  expect(pinnedRelayer({ relayer: null, localnet: false }, built)).toBe(built);
  expect(() => pinnedRelayer({ relayer: other, localnet: true }, built)).toThrow(
    new ServerMismatchError(CHAIN_GUARD.serverMismatch('the fee relayer', other, built)),
  );
});

it('a build without one accepts only a local chain’s own relayer', () => {
  expect(pinnedRelayer({ relayer: other, localnet: true }, null)).toBe(other);
  expect(() => pinnedRelayer({ relayer: other, localnet: false }, null)).toThrow(RELAYER_NOT_PINNED);
  expect(() => pinnedRelayer({ relayer: null, localnet: true }, null)).toThrow(ServerMismatchError);
});
