import { PublicKey } from '@solana/web3.js';
import { TOKEN_METADATA_PROGRAM } from '../common/addresses';

// Just enough of the Token Metadata account layout (key, update authority, mint, then the borsh `Data` struct and
// the optional collection) for the on-chain NFT lookup of docs/PRODUCT.md#loading.

export interface DecodedMetadata {
  name: string;
  symbol: string;
  uri: string;
  collectionKey: string | null;
}

const METADATA_SEED = new TextEncoder().encode('metadata');

export function metadataAddress(mint: string): string {
  const program = new PublicKey(TOKEN_METADATA_PROGRAM);
  const [pda] = PublicKey.findProgramAddressSync(
    [METADATA_SEED, program.toBytes(), new PublicKey(mint).toBytes()],
    program,
  );
  return pda.toBase58();
}

class Reader {
  private offset = 0;
  private view: DataView;
  constructor(private bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  skip(n: number) {
    this.need(n);
    this.offset += n;
  }
  u8(): number {
    this.need(1);
    return this.bytes[this.offset++];
  }
  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }
  string(): string {
    const len = this.u32();
    this.need(len);
    const text = new TextDecoder().decode(this.bytes.subarray(this.offset, this.offset + len));
    this.offset += len;
    // Metadata strings are stored padded with NUL bytes to a fixed width.
    return text.replace(/\0+$/g, '').trim();
  }
  pubkey(): string {
    this.need(32);
    const key = new PublicKey(this.bytes.subarray(this.offset, this.offset + 32));
    this.offset += 32;
    return key.toBase58();
  }
  private need(n: number) {
    if (this.offset + n > this.bytes.length) throw new RangeError('metadata account too short');
  }
}

export function decodeMetadata(data: Uint8Array): DecodedMetadata {
  const r = new Reader(data);
  r.skip(1 + 32 + 32); // key, update authority, mint
  const name = r.string();
  const symbol = r.string();
  const uri = r.string();
  let collectionKey: string | null = null;
  try {
    r.skip(2); // seller fee basis points
    if (r.u8() === 1) r.skip(r.u32() * 34); // creators: address, verified, share
    r.skip(2); // primary sale happened, is mutable
    if (r.u8() === 1) r.skip(1); // edition nonce
    if (r.u8() === 1) r.skip(1); // token standard
    if (r.u8() === 1) {
      r.skip(1); // verified
      collectionKey = r.pubkey();
    }
  } catch {
    // Old accounts end before the optional fields; name, symbol and uri are what the list needs.
  }
  return { name, symbol, uri, collectionKey };
}
