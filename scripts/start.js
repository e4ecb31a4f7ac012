#!/usr/bin/env node
// `npm start`: build the front end when its output is missing or older than the sources, then run the server.
const { spawn, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const root = path.join(__dirname, '..');
// webpack writes static/dist; with STATIC_DIR set the caller manages its own folder and nothing is built.
const index = path.join(root, 'static', 'dist', 'index.html');
const SOURCES = ['src', 'webpack.config.ts', 'webpack.firstView.ts', 'package.json'].map((p) => path.join(root, p));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(index)) return 'static/dist/index.html is missing';
  const built = fs.statSync(index).mtimeMs;
  const changed = SOURCES.find((p) => newestMtime(p) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : null;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const reason = process.env.SKIP_BUILD || process.env.STATIC_DIR ? null : needsBuild();
if (reason) {
  console.log(`Building the front end (${reason})...`);
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Front-end build failed; fix the errors above and run `npm start` again.');
    process.exit(build.status || 1);
  }
}

const tsx = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const server = spawn(tsx, [path.join(root, 'backend', 'main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
// The server prints `SolBack running at http://localhost:PORT` once it listens; pass signals on so it saves the chain.
// package.json runs this script with `exec`: npm passes SIGTERM/SIGINT to its shell (`sh -c`), and dash does not pass
// them on, so without `exec` the shell died and this script and the server kept the port.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
