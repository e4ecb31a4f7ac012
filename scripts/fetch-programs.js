#!/usr/bin/env node
// The local chain needs a do-nothing on-chain program to stand at the Token Metadata and Bubblegum ids
// (their real programs ship in no registry; we emulate them, see backend/localnet/README).
// SPL Noop ships, compiled, inside the npm package @lightprotocol/zk-compression-cli; we take just that
// one file from the registry tarball rather than install the CLI and its ~100 dependencies.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const PKG = '@lightprotocol/zk-compression-cli@0.28.3';
const dest = path.join(__dirname, '..', 'node_modules', '.solback-programs', 'spl_noop.so');

if (fs.existsSync(dest)) process.exit(0);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'solback-noop-'));
try {
  const out = execFileSync('npm', ['pack', PKG, '--silent', '--pack-destination', tmp], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  execFileSync('tar', ['-xzf', path.join(tmp, out), '-C', tmp, 'package/bin/spl_noop.so']);
  fs.mkdirSync(path.dirname(dest), { recursive: true });
  fs.copyFileSync(path.join(tmp, 'package/bin/spl_noop.so'), dest);
  console.log('solback: local-chain stand-in program ready at', path.relative(process.cwd(), dest));
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
