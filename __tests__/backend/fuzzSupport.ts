// Seeded generator of bad requests for the fuzz suite: the same seed gives the same requests, so a failure reproduces
// with FUZZ_SEED=<seed>. Routes come from the running app's routers, so a new route is fuzzed without an edit here.
import bs58 from 'bs58';
import { Keypair, PublicKey } from '@solana/web3.js';
import type { SolbackApp } from '../../backend/app';

export interface Route {
  methods: string[];
  path: string; // with :params
  params: string[];
}

export interface FuzzCase {
  id: number;
  kind: string;
  method: string;
  path: string; // concrete, already encoded
  body?: string; // raw body text
  contentType?: string;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every route of every /api router mounted on the app. */
export function apiRoutes(solback: SolbackApp): Route[] {
  const routers = (
    solback.app.middleware as {
      router?: { stack: { methods: string[]; path: string; paramNames: { name: string }[] }[] };
    }[]
  )
    .map((m) => m.router)
    .filter((r): r is NonNullable<typeof r> => !!r);
  return routers.flatMap((r) =>
    r.stack
      .filter((l) => l.path.startsWith('/api'))
      .map((l) => ({
        methods: l.methods.filter((m) => m !== 'HEAD'),
        path: l.path,
        params: l.paramNames.map((p) => p.name),
      })),
  );
}

export class Gen {
  constructor(readonly rand: () => number) {}
  int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chars(alphabet: string, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.int(alphabet.length)];
    return s;
  }
  /** Bytes from the seeded generator (a Keypair from them is reproducible). */
  bytes(n: number): Uint8Array {
    return Uint8Array.from({ length: n }, () => this.int(256));
  }
  validAddress(): string {
    return bs58.encode(this.bytes(32));
  }
  /** A PDA: a valid 32-byte address that no key signs for. */
  offCurveAddress(): string {
    return PublicKey.findProgramAddressSync(
      [this.bytes(8)],
      new PublicKey('11111111111111111111111111111111'),
    )[0].toBase58();
  }
  badAddress(): string {
    const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    return this.pick([
      () => this.chars(B58, 1 + this.int(31)), // too short
      () => this.chars(B58, 45 + this.int(60)), // too long
      () => bs58.encode(this.bytes(31)), // decodes to 31 bytes
      () => bs58.encode(this.bytes(33)).slice(0, 44), // right length, wrong byte count
      () => '1'.repeat(33 + this.int(10)), // leading zeros only
      () => this.chars('0OIl', 2) + this.chars(B58, 40), // not base58
      () => this.chars(B58, 20) + this.pick(['é', '💥', 'Ω', '\u202e', '\u0000', '\uffff']) + this.chars(B58, 20),
      () => ' '.repeat(3) + '\t',
      () => '',
      () => this.chars(B58, 5000),
      () => bs58.encode(this.bytes(64)), // a signature, not an address
    ])();
  }
  /** A value of the wrong type or shape for any field. */
  wrongValue(): unknown {
    return this.pick<() => unknown>([
      () => this.int(1e9),
      () => -1,
      () => 1.5,
      () => 1e308,
      () => true,
      () => null,
      () => [],
      () => ({}),
      () => [this.badAddress()],
      () => ({ nested: { deeper: [1, 2, { x: 'y' }] } }),
      () => this.badAddress(),
      () => 'x'.repeat(100_000),
      () => '💥'.repeat(500),
      () => '<script>alert(1)</script>',
      () => '../../etc/passwd',
      () => '%00',
      () => '!!!not base64!!!',
      () => 'A'.repeat(10_001) + '==', // base64 over any transaction size cap
      () => Array.from({ length: 10_000 }, () => 'x'),
      () => Array.from({ length: 500 }, () => ({ mint: this.validAddress() })),
    ])();
  }
  pathSegment(): string {
    return this.pick<() => string>([
      () => encodeURIComponent(this.badAddress()),
      () => '..%2f..%2f..%2fetc%2fpasswd',
      () => '%2e%2e',
      () => '%2e%2e%2f%2e%2e%2fpackage.json',
      () => 'abc%00def',
      () => '%00',
      () => '%E0%A4%A', // broken percent-encoding
      () => '%ff%fe',
      () => encodeURIComponent('💥'.repeat(20)),
      () => encodeURIComponent(this.offCurveAddress()),
      () => this.validAddress(), // accidentally valid: a success is fine
      () => encodeURIComponent(' ' + this.validAddress()),
      () => 'x'.repeat(8000),
    ])();
  }
  query(): string {
    return this.pick<() => string>([
      () => '?unexpected=1',
      () => '?t=1&t=2',
      () => '?__proto__[x]=1',
      () => `?t=${'9'.repeat(5000)}`,
      () => '?format=everything',
      () => '?useAccurateCalculator=maybe',
      () => '?%00=%00',
      () => '?a[b][c][d][e]=1',
    ])();
  }
}

export function someKeypair(g: Gen): Keypair {
  return Keypair.fromSeed(g.bytes(32));
}
