// The websocket upgrade gate's memory of upgrades (backend/middleware/upgradeGate.ts): at most
// MAX_TRACKED_UPGRADE_CLIENTS clients, the one that upgraded longest ago forgotten first; an upgrade counts a minute.
import type { IncomingMessage } from 'http';
import { parseTrustProxy } from '../../backend/config';
import { MAX_TRACKED_UPGRADE_CLIENTS, createUpgradeGate } from '../../backend/middleware/upgradeGate';

const req = (peer: string) =>
  ({ socket: { remoteAddress: peer }, headers: { host: 'solback.example' } }) as unknown as IncomingMessage;
// Each peer in its own /24: a /24 holds only a few clients' worth of sockets (backend/services/limits/prefixAllowance.ts).
const peer = (i: number) => `${1 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}.1`; // never loopback
const gate = (now: () => number) =>
  createUpgradeGate({ allowedOrigins: [], trustProxy: parseTrustProxy(''), upgradesPerMinute: 2, now });

it('remembers at most MAX_TRACKED_UPGRADE_CLIENTS clients; the one that upgraded longest ago goes first', () => {
  const upgrades = gate(() => 1_000);
  const busy = '203.0.113.9';
  expect(upgrades.admit(req(busy)).ok).toBe(true);
  for (let i = 1; i < MAX_TRACKED_UPGRADE_CLIENTS; i++) expect(upgrades.admit(req(peer(i))).ok).toBe(true);
  expect(upgrades.admit(req(busy)).ok).toBe(true); // seen first, upgraded last
  expect(upgrades.admit(req(busy))).toMatchObject({ ok: false, status: 429 });
  expect(upgrades.admit(req('203.0.113.10')).ok).toBe(true);
  expect(upgrades.admit(req(busy))).toMatchObject({ ok: false, status: 429 }); // peer(1) went instead
  expect(upgrades.admit(req(peer(1))).ok).toBe(true);
  expect(upgrades.admit(req(peer(1))).ok).toBe(true); // forgotten, so counted afresh
});

it('counts an upgrade for exactly one minute', () => {
  let now = 1_000;
  const upgrades = gate(() => now);
  expect(upgrades.admit(req('203.0.113.9')).ok).toBe(true);
  expect(upgrades.admit(req('203.0.113.9')).ok).toBe(true);
  now += 59_999;
  expect(upgrades.admit(req('203.0.113.9'))).toMatchObject({ ok: false, status: 429 });
  now += 1;
  expect(upgrades.admit(req('203.0.113.9')).ok).toBe(true);
});
