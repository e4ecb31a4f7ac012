// The closable-mint source's reading of a Token-2022 mint: only a mint naming the owner in its MintCloseAuthority
// extension, with nothing minted, is closable whole (token-2022 processor.rs, process_close_account).
import { ExtensionType, getMintLen } from '@solana/spl-token';
import { Keypair } from '@solana/web3.js';
import { isClosableMintOf, mintCloseAuthority } from '../../../src/chain/mintCloseAuthority';

const owner = Keypair.generate().publicKey;
const stranger = Keypair.generate().publicKey;

/** Token-2022 mint bytes: base mint, account type 1 at 165, then a MintCloseAuthority entry (type 3, 32 bytes). */
function mintData({ supply = 0n, closeAuthority = owner.toBytes(), accountType = 1 } = {}): Uint8Array {
  const data = new Uint8Array(getMintLen([ExtensionType.MintCloseAuthority]));
  const view = new DataView(data.buffer);
  view.setUint32(0, 1, true); // mint authority: Some
  data.set(owner.toBytes(), 4);
  view.setBigUint64(36, supply, true);
  data[45] = 1; // is_initialized
  data[165] = accountType;
  view.setUint16(166, ExtensionType.MintCloseAuthority, true);
  view.setUint16(168, 32, true);
  data.set(closeAuthority, 170);
  return data;
}

it('a Token-2022 mint naming the owner as close authority, with supply 0, is closable by the owner', () => {
  expect(mintCloseAuthority(mintData())).toBe(owner.toBase58());
  expect(isClosableMintOf(mintData(), owner.toBase58())).toBe(true);
});

it.each([
  ['something was minted', mintData({ supply: 1n }), owner],
  ['another close authority', mintData({ closeAuthority: stranger.toBytes() }), owner],
  ['no close authority (zeros)', mintData({ closeAuthority: new Uint8Array(32) }), owner],
  ['a token account, not a mint', mintData({ accountType: 2 }), owner],
  ['an SPL Token mint (82 bytes, no extensions)', mintData().subarray(0, 82), owner],
  ['asked for someone else', mintData(), stranger],
])('not closable: %s', (_why, data, who) => {
  expect(isClosableMintOf(data, who.toBase58())).toBe(false);
});
