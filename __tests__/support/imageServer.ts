// A picture host for the image-proxy tests: a plain HTTP server on 127.0.0.1 and a free port, playing the NFT
// images' third-party host. It counts hits per path, so a test sees whether the proxy fetched again.
import http from 'http';
import type { AddressInfo } from 'net';
import zlib from 'zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real PNG (8-bit RGB, one colour) that browsers decode: naturalWidth = width. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, deflate, no filter method, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface ServedFile {
  type: string;
  body: Buffer | string;
  /** Sent without Content-Length (chunked), so only counting the bytes can catch its size. */
  chunked?: boolean;
  /** Answer with a redirect to this location instead. */
  redirect?: string;
  /** Never answer (a host that hangs). */
  hang?: boolean;
  /**
   * Send the body 16 KiB at a time, 2 ms apart, and stop when the reader hangs up: `sent` then shows how much of it
   * the reader let the host send (a host cannot push more than the reader takes).
   */
  trickle?: boolean;
}

export interface ImageServer {
  origin: string;
  port: number;
  hits: Record<string, number>;
  /** Body bytes written per path, for trickled files (see ServedFile.trickle). */
  sent: Record<string, number>;
  /** Requests answered or hanging right now, per path (a hanging request stays open). */
  open: Record<string, number>;
  /** The most requests open at once, per path. */
  maxOpen: Record<string, number>;
  /** Hanging requests of a path that are still waiting for an answer. */
  held(path: string): number;
  /** Answers every hanging request of a path that is waiting now with `file`; how many it answered. */
  answerHeld(path: string, file: Omit<ServedFile, 'hang'>): number;
  serve(path: string, file: ServedFile): void;
  close(): Promise<void>;
}

/** A picture host on `address` (a loopback address: 127.0.0.2 is another host than 127.0.0.1, whatever the port). */
export async function startImageServer(address = '127.0.0.1'): Promise<ImageServer> {
  const files = new Map<string, ServedFile>();
  const hits: Record<string, number> = {};
  const sent: Record<string, number> = {};
  const open: Record<string, number> = {};
  const maxOpen: Record<string, number> = {};
  const waiting = new Map<string, Set<http.ServerResponse>>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    open[path] = (open[path] ?? 0) + 1;
    maxOpen[path] = Math.max(maxOpen[path] ?? 0, open[path]);
    res.on('close', () => open[path]--);
    const file = files.get(path);
    if (!file) return res.writeHead(404).end();
    if (file.hang) {
      const held = waiting.get(path) ?? new Set();
      waiting.set(path, held.add(res));
      return void res.on('close', () => held.delete(res));
    }
    if (file.trickle) {
      const body = Buffer.from(file.body);
      res.writeHead(200, { 'content-type': file.type, 'content-length': body.length });
      let at = 0;
      const step = () => {
        if (res.destroyed || res.socket?.destroyed) return;
        if (at >= body.length) return void res.end();
        const piece = body.subarray(at, at + 16 * 1024);
        at += piece.length;
        sent[path] = (sent[path] ?? 0) + piece.length;
        res.write(piece);
        setTimeout(step, 2);
      };
      return step();
    }
    if (file.redirect) return res.writeHead(302, { location: file.redirect }).end();
    const body = Buffer.from(file.body);
    if (file.chunked) {
      res.writeHead(200, { 'content-type': file.type });
      for (let i = 0; i < body.length; i += 1024) res.write(body.subarray(i, i + 1024));
      return res.end();
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': body.length }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, address, r));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${address}:${port}`,
    port,
    hits,
    sent,
    open,
    maxOpen,
    held: (path) => waiting.get(path)?.size ?? 0,
    answerHeld(path, file) {
      const held = [...(waiting.get(path) ?? [])];
      waiting.get(path)?.clear();
      for (const res of held) {
        const body = Buffer.from(file.body);
        res.writeHead(200, { 'content-type': file.type, 'content-length': body.length }).end(body);
      }
      return held.length;
    },
    serve: (path, file) => void files.set(path, file),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
