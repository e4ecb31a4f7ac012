#!/usr/bin/env node
// `npm run lint:cycles` (part of `npm run lint`): fails on an import cycle (ARCHITECTURE, import cycles). The backend
// has none and must keep none. The page still has some between feature folders: they are listed with the reason in
// scripts/allowedCycles.js, and any cycle not listed there fails, as does a listed one that is gone (delete its line
// so that it cannot come back). Type-only imports do not count: TypeScript erases them (madge config: .madgerc).
const fs = require('fs');
const path = require('path');
const madge = require('madge');
const { allowedFeaturePairs, loopedPairCeiling, maxFeatureAreas } = require('./allowedCycles');

const root = path.join(__dirname, '..');
// The bounds of the page's structure: scripts/allowedCycles.js may go below them, never above.
const MAX_LISTED_PAIRS = 2;
const MAX_LOOPED_PAIR_CEILING = 15;
const MAX_FEATURE_AREAS = 14;
const config = JSON.parse(fs.readFileSync(path.join(root, '.madgerc'), 'utf8'));

/** madge's graph of a folder (relative to the repository or absolute) with the repository's .madgerc. */
const graphOf = (dir) => madge(path.resolve(root, dir), { ...config, tsConfig: path.join(root, config.tsConfig) });

// A file under src/features/<area>/ belongs to the feature area <area>; any other file stands for itself.
const unitOf = (file) => /^features\/([^/]+)\//.exec(file)?.[1] ?? file;

/** "a > b" for every unit a with a file that imports a file of another unit b. */
function unitEdges(imports) {
  const edges = new Set();
  for (const [file, deps] of Object.entries(imports)) {
    for (const dep of deps) if (unitOf(file) !== unitOf(dep)) edges.add(`${unitOf(file)} > ${unitOf(dep)}`);
  }
  return [...edges].map((edge) => edge.split(' > '));
}

/** Pairs of units that import each other directly: "a <-> b", a < b. */
function mutualPairs(edges) {
  const has = new Set(edges.map(([a, b]) => `${a} > ${b}`));
  return edges.filter(([a, b]) => a < b && has.has(`${b} > ${a}`)).map(([a, b]) => `${a} <-> ${b}`);
}

/** How many pairs of units reach each other through any chain of imports (both lie on one loop). */
function loopedPairCount(edges) {
  const next = new Map();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const reach = new Map();
  for (const start of next.keys()) {
    const seen = new Set();
    const todo = [start];
    while (todo.length > 0) for (const b of next.get(todo.pop()) ?? []) if (!seen.has(b) && seen.add(b)) todo.push(b);
    reach.set(start, seen);
  }
  let count = 0;
  for (const [a, fromA] of reach) for (const b of fromA) if (a < b && reach.get(b)?.has(a)) count += 1;
  return count;
}

const showCycles = (cycles) => cycles.map((cycle) => `  ${cycle.join(' > ')}`).join('\n');

async function main() {
  const problems = [];

  const backend = (await graphOf('backend')).circular();
  if (backend.length > 0) problems.push(`backend/ has ${backend.length} import cycle(s):\n${showCycles(backend)}`);

  if (Object.keys(allowedFeaturePairs).length > MAX_LISTED_PAIRS) {
    problems.push(`scripts/allowedCycles.js lists more than ${MAX_LISTED_PAIRS} pairs: break one instead`);
  }
  if (loopedPairCeiling > MAX_LOOPED_PAIR_CEILING || maxFeatureAreas > MAX_FEATURE_AREAS) {
    problems.push(
      `scripts/allowedCycles.js: at most ${MAX_LOOPED_PAIR_CEILING} looped pairs and ${MAX_FEATURE_AREAS} areas`,
    );
  }
  const areas = fs.readdirSync(path.join(root, 'src/features'), { withFileTypes: true }).filter((d) => d.isDirectory());
  if (areas.length > maxFeatureAreas) {
    problems.push(`src/features has ${areas.length} areas, more than ${maxFeatureAreas}: put the new part in an area`);
  }

  const page = await graphOf('src');
  // A loop inside one feature folder, or among files outside src/features, has no excuse: none may exist.
  const local = page.circular().filter((cycle) => cycle.every((file) => unitOf(file) === unitOf(cycle[0])));
  const outside = page.circular().filter((cycle) => cycle.every((file) => !file.startsWith('features/')));
  if (local.length + outside.length > 0) problems.push(`src/ import cycle(s):\n${showCycles([...local, ...outside])}`);

  const edges = unitEdges(page.obj());
  const pairs = mutualPairs(edges);
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
  const looped = loopedPairCount(edges);
  if (looped > loopedPairCeiling) {
    problems.push(
      `src/: ${looped} pairs of features lie on an import loop, more than the ${loopedPairCeiling} allowed`,
    );
  } else if (looped < loopedPairCeiling) {
    problems.push(`src/: ${looped} pairs of features lie on an import loop; lower loopedPairCeiling to ${looped}.`);
  }

  if (problems.length > 0) {
    console.error(`lint:cycles\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(
    `lint:cycles: backend 0; src: ${areas.length} feature areas, ${pairs.length} listed pairs, ${looped} pairs on a loop`,
  );
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { graphOf, unitEdges, mutualPairs, loopedPairCount };
