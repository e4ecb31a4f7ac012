import { z } from 'zod';

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** A Solana address: base58 that decodes to exactly 32 bytes. */
export const base58Address = z
  .string()
  .trim()
  .refine((s) => s.length >= 32 && s.length <= 44 && BASE58.test(s) && decodedLength(s) === 32, {
    message: 'must be a base58 Solana address (32 bytes)',
  });

/** Cache-busting query parameters browsers and clients add; accepted and ignored. */
export const cacheBust = { t: z.string().optional(), _: z.string().optional() };

function decodedLength(s: string): number {
  let bytes: number[] = [];
  for (const ch of s) {
    let carry = ALPHABET.indexOf(ch);
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j] * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (s[zeros] === '1') zeros++;
  return bytes.length + zeros;
}
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
