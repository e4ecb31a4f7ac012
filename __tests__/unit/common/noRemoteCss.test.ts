// PRODUCT difference 16: the page takes no stylesheet or font from a third party. The wallet modal's own CSS imports
// Google Fonts; the build's loader (scripts/noRemoteCssImports.js) drops that and any other remote @import.
import fs from 'fs';
import path from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const dropRemote: (css: string) => string = require('../../../scripts/noRemoteCssImports.js');
const ROOT = path.resolve(__dirname, '../../..');

describe('noRemoteCssImports', () => {
  it("removes wallet-adapter-react-ui's Google Fonts import and keeps the rest", () => {
    const css = fs.readFileSync(path.join(ROOT, 'node_modules/@solana/wallet-adapter-react-ui/styles.css'), 'utf8');
    expect(css).toMatch(/@import url\('https:\/\/fonts\.googleapis\.com/);
    const out = dropRemote(css);
    expect(out).not.toMatch(/@import\s|googleapis|gstatic/);
    expect(out).toContain('.wallet-adapter-button');
    expect(out.length).toBeGreaterThan(css.length - 200);
  });

  it.each([
    '@import url("https://evil.example/a.css");',
    "@import 'http://evil.example/a.css' screen;",
    '@import url(//evil.example/a.css);',
    '@IMPORT URL(HTTPS://EVIL.EXAMPLE/A.CSS) print;',
  ])('drops %s', (rule) =>
    expect(dropRemote(`${rule}\n.a{color:red}`)).toBe(
      '/* remote stylesheet import removed: no third-party styles or fonts */\n.a{color:red}',
    ),
  );

  it('keeps imports of our own files', () => {
    const own = '@import \'./local.css\';\n@import url("../x.css");';
    expect(dropRemote(own)).toBe(own);
  });
});
