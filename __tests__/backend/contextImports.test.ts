// backend/context.ts (the Services type) names what every service is; services take `Pick<Services, …>` of what they
// use and so import it. Nothing context.ts imports may import it back, or the services and their context form one
// import circle (ARCHITECTURE, layout). Reads the real import statements with TypeScript's own pre-processor.
import fs from 'fs';
import path from 'path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../..');
const context = path.join(root, 'backend/context.ts');

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .flatMap((base) => [`${base}.ts`, path.join(base, 'index.ts')].filter((f) => fs.existsSync(f)).slice(0, 1));
}

/** Every import path from context.ts back to itself; `alsoImported` adds imports to context.ts's own. */
function pathsBackToContext(alsoImported: string[] = []): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const walk = (file: string, next: string[], trail: string[]) => {
    for (const imported of next) {
      if (imported === context) found.push([...trail, file, imported].map((f) => path.relative(root, f)));
      else if (!seen.has(imported)) {
        seen.add(imported);
        walk(imported, importsOf(imported), [...trail, file]);
      }
    }
  };
  walk(context, [...importsOf(context), ...alsoImported], []);
  return found;
}

test('no module backend/context.ts imports (directly or further on) imports it back', () => {
  expect(pathsBackToContext()).toEqual([]);
});

test('the check sees a circle: context.ts importing the queue worker (which takes Pick<Services>) is one', () => {
  const worker = path.join(root, 'backend/services/queue/queueWorker.ts');
  expect(pathsBackToContext([worker])).toContainEqual([
    'backend/context.ts',
    'backend/services/queue/queueWorker.ts',
    'backend/context.ts',
  ]);
});
