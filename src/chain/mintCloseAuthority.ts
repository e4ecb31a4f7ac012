// A Token-2022 mint the wallet may close whole: Token-2022's CloseAccount closes a mint whose MintCloseAuthority
// extension names the signer and whose supply is 0 (token-2022 program/src/processor.rs, process_close_account: the
// mint branch checks `MintCloseAuthority` and `supply == 0`). SPL Token mints have no such extension and never close.
import bs58 from 'bs58';

const MINT_SIZE = 82;
const SUPPLY_OFFSET = 36;
/** Token-2022 pads a mint to a token account's length, then writes its account type (1 = mint) and the TLV entries. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
/** ExtensionType::MintCloseAuthority (token-2022 program/src/extension/mod.rs). */
const MINT_CLOSE_AUTHORITY = 3;

/** The close authority a Token-2022 mint's data names, or null (no extension, no authority, or not a mint). */
export function mintCloseAuthority(data: Uint8Array): string | null {
  if (data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = ACCOUNT_TYPE_OFFSET + 1; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) return null; // Uninitialized: the end of the entries
    if (type === MINT_CLOSE_AUTHORITY && length === 32 && at + 36 <= data.length) {
      const key = data.subarray(at + 4, at + 36);
      return key.every((b) => b === 0) ? null : bs58.encode(key);
    }
    at += 4 + length;
  }
  return null;
}

/** Closable whole by `owner` now: a Token-2022 mint naming `owner` as close authority, with nothing minted. */
export function isClosableMintOf(data: Uint8Array, owner: string): boolean {
  if (data.length < MINT_SIZE) return false;
  const supply = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(SUPPLY_OFFSET, true);
  return supply === 0n && mintCloseAuthority(data) === owner;
}
