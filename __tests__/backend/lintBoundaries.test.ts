// The import boundary (ARCHITECTURE, rules the tools enforce): code the server shares (backend/, src/chain, src/common) never imports a page
// feature. Runs the repository's own ESLint config through ESLint's Node API on real files with one import added.
import fs from 'fs';
import path from 'path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the config is CommonJS so that Jest can load it
const repoConfig = require('../../eslint.config.js') as Linter.Config[];

// Type-aware rules need the whole TypeScript program (tens of seconds); the boundary rule does not.
type RuleMeta = { meta: { docs?: { requiresTypeChecking?: boolean } } };
const typeAwareOff = Object.fromEntries(
  Object.entries((tseslint.plugin as { rules?: Record<string, RuleMeta> }).rules ?? {})
    .filter(([, rule]) => rule.meta.docs?.requiresTypeChecking)
    .map(([name]) => [`@typescript-eslint/${name}`, 'off' as const]),
);
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [
    ...repoConfig,
    { languageOptions: { parserOptions: { projectService: false } }, rules: typeAwareOff },
  ],
});

async function lint(file: string, extraImport = ''): Promise<Linter.LintMessage[]> {
  const filePath = path.join(root, file);
  const source = extraImport + fs.readFileSync(filePath, 'utf8');
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages;
}
const restrictedImports = (messages: Linter.LintMessage[]) =>
  messages.filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2);

describe('lint: backend/, src/chain, src/common and src/ui never import from src/features', () => {
  it('a backend service as committed has no lint finding at all', async () => {
    expect(await lint('backend/services/rent/rentEstimate.ts')).toEqual([]);
  });

  it('the same backend service with one import from src/features fails, naming the rule and the line', async () => {
    const messages = await lint(
      'backend/services/rent/rentEstimate.ts',
      "import { burnRequested } from '../../src/features/burn/burn/burnSlice';\nvoid burnRequested;\n",
    );
    const errors = restrictedImports(messages);
    expect(errors).toHaveLength(1);
    expect(errors[0].line).toBe(1);
    expect(errors[0].message).toContain('must not import from src/features');
  });

  it('a type-only import from a feature is refused too, in src/chain and in src/common', async () => {
    const typeImport = "import type { BurnStatus } from '../src/features/burn/burnSlice';\n";
    expect(restrictedImports(await lint('backend/errors.ts', typeImport))).toHaveLength(1);
    expect(
      restrictedImports(await lint('src/chain/pack.ts', "import type { X } from '../features/trash/x';\n")),
    ).toHaveLength(1);
    expect(
      restrictedImports(await lint('src/common/constants.ts', "export * from '../features/wallet/walletSlice';\n")),
    ).toHaveLength(1);
  });

  it('a shared view part (src/ui) importing a feature is refused', async () => {
    const featureImport =
      "import { assetsHidden } from '../features/hiddenAssets/hiddenAssetsSlice';\nvoid assetsHidden;\n";
    expect(restrictedImports(await lint('src/ui/KindBadge.tsx'))).toEqual([]);
    expect(restrictedImports(await lint('src/ui/KindBadge.tsx', featureImport))).toHaveLength(1);
  });

  it('features may import each other (through index.ts) and shared code may import shared code', async () => {
    expect(restrictedImports(await lint('src/features/burn/burn/burnSlice.ts', "import '../trash';\n"))).toEqual([]);
    expect(
      restrictedImports(
        await lint('backend/errors.ts', "import '../src/chain/pack';\nimport '../src/common/constants';\n"),
      ),
    ).toEqual([]);
  });
});

describe("lint: a feature area imports another only through one of its parts' index.ts (its public face)", () => {
  const deep = "import { selectTokens } from '../../assets/tokens/tokensSlice';\nvoid selectTokens;\n";
  const viaIndex = "import { selectTokens } from '../../assets/tokens';\nvoid selectTokens;\n";

  it("a deep import of another area's file fails, value or type; through its part's index.ts it passes", async () => {
    const file = 'src/features/burn/burn/burnSlice.ts';
    expect(restrictedImports(await lint(file))).toEqual([]);
    const errors = restrictedImports(await lint(file, deep));
    expect(errors).toHaveLength(1);
    expect(errors[0].line).toBe(1);
    expect(errors[0].message).toContain("one of its parts' index.ts");
    const typeImport = "import type { Token } from '../../assets/tokens/tokenModel';\n";
    expect(restrictedImports(await lint(file, typeImport))).toHaveLength(1);
    const reExport = "export { selectTokens } from '../../assets/tokens/tokensSlice';\n";
    expect(restrictedImports(await lint(file, reExport))).toHaveLength(1);
    expect(restrictedImports(await lint(file, viaIndex))).toEqual([]);
  });

  it('the parts of one area are one feature: a file of a sibling part may be imported directly', async () => {
    const file = 'src/features/burn/burn/burnSlice.ts';
    expect(restrictedImports(await lint(file, "import '../review/reviewSlice';\n"))).toEqual([]);
  });

  it("a deep import fails for each area (recover, trash and shell too); through a part's index.ts it passes", async () => {
    const file = 'src/features/burn/burn/burnSlice.ts';
    const deepOnes = [
      '../../recover/recovery/recoverySlice',
      '../../trash/revoke/revokeSlice',
      '../../shell/shell/Header',
    ];
    for (const deepOne of deepOnes)
      expect(restrictedImports(await lint(file, `import '${deepOne}';\n`))).toHaveLength(1);
    for (const face of ['../../recover/recovery', '../../trash/revoke', '../../shell/shell'])
      expect(restrictedImports(await lint(file, `import '${face}';\n`))).toEqual([]);
  });

  it('a file one folder deeper in a part is held to the same rule', async () => {
    const file = 'src/features/wallet/wallet/demoWallet/demoWallet.ts';
    expect(restrictedImports(await lint(file))).toEqual([]);
    expect(restrictedImports(await lint(file, deep.replace("'../", "'../../")))).toHaveLength(1);
    expect(restrictedImports(await lint(file, viaIndex.replace("'../", "'../../")))).toEqual([]);
  });

  it("a lazy chunk's module another lazy chunk imports stays a direct import; dynamic import() is not checked", async () => {
    const file = 'src/features/burn/burn/singleBurn.ts';
    expect(restrictedImports(await lint(file))).toEqual([]);
    const lazyModule = "import { valueAtBurn } from '../../assets/value/valueAtBurn';\n";
    expect(restrictedImports(await lint(file, lazyModule))).toEqual([]);
    const other = "import { selectTokenValues } from '../../assets/value/valueSlice';\n";
    expect(restrictedImports(await lint(file, other))).toHaveLength(1);
    expect(restrictedImports(await lint(file, "void import('../../assets/tokens/tokensSlice');\n"))).toEqual([]);
  });
});

describe('lint: src/chain imports no texts', () => {
  it('a chain module importing src/common/texts fails; it still may not import a feature', async () => {
    const file = 'src/chain/assetKind.ts';
    expect(restrictedImports(await lint(file))).toEqual([]);
    const errors = restrictedImports(await lint(file, "import { KIND_BLOCKED } from '../common/texts';\n"));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('src/chain imports no texts');
    expect(restrictedImports(await lint(file, "import '../common/texts/kindTexts';\n"))).toHaveLength(1);
    expect(restrictedImports(await lint(file, "import '../features/nfts';\n"))).toHaveLength(1);
    // The guard, the error kinds and the recovery sources once worded their own texts; now they too may not.
    expect(
      restrictedImports(await lint('src/chain/guard.ts', "import { GUARD } from '../common/texts';\n")),
    ).toHaveLength(1);
    expect(restrictedImports(await lint('src/chain/classifyError.ts', "import '../common/texts';\n"))).toHaveLength(1);
    expect(
      restrictedImports(
        await lint('src/chain/recovery/sources/stake/source.ts', "import '../../../../common/texts/recoveryTexts';\n"),
      ),
    ).toHaveLength(1);
  });
});

describe('lint: components use the typed store hooks', () => {
  it("an untyped useSelector or useDispatch from 'react-redux' fails; src/app/hooks.ts alone may wrap them", async () => {
    const untyped = "import { useDispatch, useSelector } from 'react-redux';\nvoid useDispatch; void useSelector;\n";
    expect(restrictedImports(await lint('src/features/assets/tokens/TokenCard.tsx'))).toEqual([]);
    expect(restrictedImports(await lint('src/features/assets/tokens/TokenCard.tsx', untyped))).toHaveLength(2);
    expect(restrictedImports(await lint('src/app/hooks.ts'))).toEqual([]);
  });
});

describe('lint: every /api handler checks its body against the wire contract', () => {
  it('a handler whose body lost its `satisfies <Response>` fails', async () => {
    const file = 'backend/routes/config/index.ts';
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    expect(source).toContain('} satisfies ConfigResponse;');
    const [unchecked] = await eslint.lintText(source.replace('} satisfies ConfigResponse;', '};'), {
      filePath: path.join(root, file),
    });
    const errors = unchecked.messages.filter((m) => m.ruleId === 'no-restricted-syntax');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('satisfies XResponse');
    expect((await lint(file)).filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  });
});

describe('lint: asset pictures load only through AssetImage (PRODUCT difference 16)', () => {
  const imgRule = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'no-restricted-syntax' && m.severity === 2);
  const withImg = (src: string) => `export const Pic = ({ u }: { u: string }) => <img src=${src} alt="" />;\n`;

  it('a component giving an <img> a computed src fails; a fixed path and AssetImage itself pass', async () => {
    const file = 'src/features/trash/trash/TrashModalShell.tsx';
    expect(imgRule(await lint(file))).toEqual([]);
    const errors = imgRule(await lint(file, withImg('{u}')));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('<AssetImage>');
    expect(imgRule(await lint(file, withImg('"/static/logo.svg"')))).toEqual([]);
    expect(imgRule(await lint('src/ui/AssetImage.tsx'))).toEqual([]);
  });
});

describe('lint: a component shows no literal words, only catalogue texts (docs/ARCHITECTURE.md, "Adding a text")', () => {
  const literals = (messages: Linter.LintMessage[]) =>
    messages.filter((m) => m.ruleId === 'i18next/no-literal-string' && m.severity === 2);
  const shown = (jsx: string) => `export const Shown = ({ n }: { n: number }) => ${jsx};\n`;

  it('a JSX text, a shown string or a user-facing attribute fails; symbols, numbers, units and class names pass', async () => {
    const file = 'src/features/recover/vacant/VacantBanner.tsx';
    expect(literals(await lint(file))).toEqual([]);
    for (const jsx of [
      '<p>Nothing found</p>',
      "<p>{n > 1 && 'items'}</p>",
      '<section aria-label="Vacant accounts" />',
      '<button title="Close" />',
      '<input placeholder="Paste an address" />',
    ])
      expect(literals(await lint(file, shown(jsx)))).toHaveLength(1);
    expect(literals(await lint(file, shown('<p className="vacant-text">{n} SOL · ▾ 1 %</p>')))).toEqual([]);
  });
});
