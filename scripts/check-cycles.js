#!/usr/bin/env node
// `npm run lint:cycles` (part of `npm run lint`): fails on an import cycle (ARCHITECTURE, import cycles). The backend
// has none and must keep none. The page still has some between feature folders: they are listed with the reason in
// scripts/allowedCycles.js, and any cycle not listed there fails, as does a listed one that is gone (delete its line
// so that it cannot come back). Type-only imports do not count: TypeScript erases them (madge config: .madgerc).
const fs = require('fs');
const path = require('path');
const madge = require('madge');
const { allowedFeaturePairs, fileCycleCeiling } = require('./allowedCycles');

const root = path.join(__dirname, '..');
const config = JSON.parse(fs.readFileSync(path.join(root, '.madgerc'), 'utf8'));

const graphOf = (dir) => madge(path.join(root, dir), { ...config, tsConfig: path.join(root, config.tsConfig) });

// A file under src/features/<name>/ belongs to the feature <name>; any other file stands for itself.
const unitOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1] ?? file;

/** Pairs of units where each imports the other (directly, from any of its files): "a <-> b", a < b. */
function mutualPairs(imports) {
  const edges = new Set();
  for (const [file, deps] of Object.entries(imports)) {
    for (const dep of deps) if (unitOf(file) !== unitOf(dep)) edges.add(`${unitOf(file)} > ${unitOf(dep)}`);
  }
  return [...edges]
    .map((edge) => edge.split(' > '))
    .filter(([a, b]) => a < b && edges.has(`${b} > ${a}`))
    .map(([a, b]) => `${a} <-> ${b}`);
}

const showCycles = (cycles) => cycles.map((cycle) => `  ${cycle.join(' > ')}`).join('\n');

async function main() {
  const problems = [];

  const backend = (await graphOf('backend')).circular();
  if (backend.length > 0) problems.push(`backend/ has ${backend.length} import cycle(s):\n${showCycles(backend)}`);

  const page = await graphOf('src');
  const pairs = mutualPairs(page.obj());
  const added = pairs.filter((pair) => !(pair in allowedFeaturePairs));
  const gone = Object.keys(allowedFeaturePairs).filter((pair) => !pairs.includes(pair));
  if (added.length > 0) {
    problems.push(
      `src/: these import each other; move the shared piece instead (ARCHITECTURE):\n  ${added.join('\n  ')}`,
    );
  }
  if (gone.length > 0) {
    problems.push(
      `src/: no longer import each other, delete them from scripts/allowedCycles.js:\n  ${gone.join('\n  ')}`,
    );
  }
  const fileCycles = page.circular();
  if (fileCycles.length > fileCycleCeiling) {
    problems.push(
      `src/: ${fileCycles.length} file cycles, more than the ${fileCycleCeiling} allowed:\n${showCycles(fileCycles)}`,
    );
  } else if (fileCycles.length < fileCycleCeiling) {
    problems.push(
      `src/: ${fileCycles.length} file cycles; lower fileCycleCeiling in scripts/allowedCycles.js to match.`,
    );
  }

  if (problems.length > 0) {
    console.error(`lint:cycles\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`lint:cycles: backend 0, src ${fileCycles.length} file cycles, ${pairs.length} allowed feature pairs`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
