#!/usr/bin/env node
// `npm run lint:docs` (part of `npm run lint`): comments cite what the repository holds. Fails on a section sign
// (a citation of an outside specification's numbered section) anywhere in the code or the docs, and on a citation such as
// `docs/PRODUCT.md#loading` whose anchor is not a heading of docs/PRODUCT.md (anchors as GitHub makes them from headings),
// on a README longer than 160 lines, and on top-level and docs/ Markdown of more than 110 KB together.
const fs = require('fs');
const path = require('path');

const CODE_FOLDERS = ['src', 'backend', '__tests__', 'scripts', 'bench'];
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|json|sh|css|html|ya?ml|md)$/;
const SECTION_SIGN = '\u00a7';
// A citation and the anchors listed after it: "docs/PRODUCT.md#loading, #validation and #figures-and-limits".
const CITATION = /PRODUCT\.md((?:#[a-z0-9-]+(?:,? (?:and )?(?=#)|\/(?=#))?)+)/g;

/** Every text file under the given folders of `root`, relative paths, node_modules and build output left out. */
function textFiles(root, folders = CODE_FOLDERS) {
  const out = [];
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(child);
      } else if (TEXT_FILE.test(entry.name)) out.push(child);
    }
  };
  for (const folder of folders) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a Markdown text's headings. */
const headingAnchors = (markdown) =>
  new Set([...markdown.matchAll(/^#{1,6} +(.+)$/gm)].map(([, heading]) => anchorOf(heading)));

/** The top-level Markdown files and those under docs/. */
const markdownFiles = (root) => [
  ...fs.readdirSync(root).filter((name) => name.endsWith('.md')),
  ...textFiles(root, ['docs']).filter((name) => name.endsWith('.md')),
];

/** "file:line" of every section sign in the code folders and the Markdown. */
function sectionSigns(root) {
  const found = [];
  for (const file of [...textFiles(root), ...markdownFiles(root)]) {
    fs.readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => line.includes(SECTION_SIGN) && found.push(`${file}:${i + 1}`));
  }
  return found;
}

/** "file:line #anchor" of every cited PRODUCT anchor that docs/PRODUCT.md has no heading for. */
function brokenAnchors(root) {
  const product = path.join(root, 'docs', 'PRODUCT.md');
  const known = headingAnchors(fs.existsSync(product) ? fs.readFileSync(product, 'utf8') : '');
  const broken = [];
  for (const file of [...textFiles(root), ...markdownFiles(root)]) {
    fs.readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const [, list] of line.matchAll(CITATION)) {
          for (const [anchor] of list.matchAll(/#[a-z0-9-]+/g)) {
            if (!known.has(anchor.slice(1))) broken.push(`${file}:${i + 1} ${anchor}`);
          }
        }
      });
  }
  return broken;
}

/** The README is the newcomer's door: what it is, the commands, the essential settings, a map of the docs. */
const README_MAX_LINES = 160;

function readmeProblems(root) {
  const readme = path.join(root, 'README.md');
  if (!fs.existsSync(readme)) return [];
  const lines = fs.readFileSync(readme, 'utf8').trimEnd().split('\n').length;
  return lines > README_MAX_LINES
    ? [`README.md: ${lines} lines, more than ${README_MAX_LINES}; move the detail to docs/ (docs/SETTINGS.md, …)`]
    : [];
}

/**
 * A newcomer reads the docs in minutes: the top-level and docs/ Markdown together stay within 110 KB (of 1,024 bytes,
 * as the bench's figures count them). Evidence belongs in a test and RELIABILITY.md's row naming it, not in prose.
 */
const MARKDOWN_MAX_BYTES = 110 * 1024;

function markdownSizeProblems(root) {
  const sizes = markdownFiles(root).map((file) => [file, fs.statSync(path.join(root, file)).size]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  if (total <= MARKDOWN_MAX_BYTES) return [];
  const largest = sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([file, size]) => `${file} ${size}`)
    .join(', ');
  return [
    `Markdown: ${total} bytes in the top-level and docs/ files, more than ${MARKDOWN_MAX_BYTES} (110 KB); cut or merge (largest: ${largest})`,
  ];
}

/** Every problem the docs lint finds in the repository at `root`, one line each. */
function docsProblems(root) {
  return [
    ...readmeProblems(root),
    ...markdownSizeProblems(root),
    ...sectionSigns(root).map((at) => `${at}: a section sign; cite a docs/PRODUCT.md section (its #anchor) instead`),
    ...brokenAnchors(root).map((at) => `${at}: docs/PRODUCT.md has no heading with this anchor`),
  ];
}

module.exports = { docsProblems, anchorOf, MARKDOWN_MAX_BYTES };

if (require.main === module) {
  const problems = docsProblems(path.join(__dirname, '..'));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}
