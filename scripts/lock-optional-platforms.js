#!/usr/bin/env node
// The npm registry mirror these machines use serves only the linux-x64 builds of packages that ship native binaries
// as per-platform optional dependencies (@swc/core-*, litesvm-*, @unrs/resolver-binding-*, ...). npm therefore
// leaves the other platforms out of package-lock.json, and `npm ci` then refuses the lock ("Missing: X@ from lock
// file"). This script records each missing optional platform package in the lock as an optional entry with the
// os/cpu its name declares, so `npm ci` accepts the lock and skips them here as on any other platform.
// Run it after changing dependencies: `npm install && node scripts/lock-optional-platforms.js`.
const fs = require('fs');
const path = require('path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const pkgs = lock.packages;

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'wasi',
];
const CPU = {
  arm64: 'arm64',
  aarch64: 'arm64',
  x64: 'x64',
  ia32: 'ia32',
  arm: 'arm',
  armv7: 'arm',
  ppc64: 'ppc64',
  s390x: 's390x',
  riscv64: 'riscv64',
  loong64: 'loong64',
  mips64el: 'mips64el',
  wasm32: 'wasm32',
  universal: null,
};

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os =
    parts.find((p) => OS.includes(p)) ??
    (parts.includes('win') ? 'win32' : parts.includes('mac') ? 'darwin' : undefined);
  const cpuPart = parts.find((p) => p in CPU);
  const entry = {};
  if (os && os !== 'wasi') entry.os = [os];
  if (cpuPart && CPU[cpuPart]) entry.cpu = [CPU[cpuPart]];
  if (parts.includes('musl')) entry.libc = ['musl'];
  else if (os === 'linux' && parts.some((p) => p.startsWith('gnu'))) entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [where, node] of Object.entries(pkgs)) {
  for (const [dep, range] of Object.entries(node.optionalDependencies ?? {})) {
    const nested = `${where ? where + '/' : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a per-platform build: leave it to npm
    pkgs[hoisted] = { version: range.replace(/^[\^~=]/, ''), optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-optional-platforms: recorded ${added} optional platform packages`);
