// The texts written in source files, read with TypeScript's parser: every string or template that stands as a value
// (a property, a constant, what a function returns, a branch of a condition), with '{}' where a placeholder goes and
// 'a' + 'b' read as one text. A fragment inside a template (`cNFT${n === 1 ? '' : 's'}`) is part of that template.
import { existsSync, readdirSync, readFileSync } from 'fs';
import path from 'path';
import ts from 'typescript';

export const root = path.join(__dirname, '../..');

/** The catalogue: src/common/texts and each recovery source's texts.ts (docs/ARCHITECTURE.md, "Adding a text"). */
export function catalogueFiles(): string[] {
  const texts = path.join(root, 'src/common/texts');
  const sources = path.join(root, 'src/chain/recovery/sources');
  return [
    ...readdirSync(texts)
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(texts, f)),
    ...readdirSync(sources)
      .map((kind) => path.join(sources, kind, 'texts.ts'))
      .filter((file) => existsSync(file)),
  ];
}

/** The .ts and .tsx files under `dir`, recursively. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The text of a literal, a template or a concatenation of them; undefined for anything else. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  if (ts.isParenthesizedExpression(node)) return textOf(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [textOf(node.left), textOf(node.right)];
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  return undefined;
}

/** Where a value stands as a text of its own (not a key, a type, a comparison or an argument). */
function standsAsText(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent))
    return standsAsText(parent);
  if (ts.isConditionalExpression(parent)) return node !== parent.condition && standsAsText(parent);
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return node === parent.right && standsAsText(parent);
  return (
    (ts.isPropertyAssignment(parent) && parent.initializer === node) ||
    (ts.isVariableDeclaration(parent) && parent.initializer === node) ||
    (ts.isArrowFunction(parent) && parent.body === node) ||
    ts.isReturnStatement(parent) ||
    ts.isArrayLiteralExpression(parent)
  );
}

export interface WrittenText {
  text: string;
  /** file:line */
  at: string;
}

/** Every text standing as a value in a file (the whole of a concatenation, not its parts). */
export function writtenTexts(file: string): WrittenText[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: WrittenText[] = [];
  const visit = (node: ts.Node): void => {
    const text = textOf(node);
    if (text !== undefined) {
      if (/\p{L}/u.test(text) && standsAsText(node)) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        out.push({ text, at: `${path.relative(root, file)}:${line}` });
      }
      return; // its parts are not texts of their own
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}
