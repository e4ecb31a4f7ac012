// The catalogue (docs/ARCHITECTURE.md, "Adding a text") holds each user-facing text once: two keys with the same text
// drift apart the day one is edited. A text shared on purpose is one key, used twice.
import path from 'path';
import { catalogueFiles, root, sourceFiles, writtenTexts } from '../../support/catalogue';

describe('the text catalogue', () => {
  const texts = catalogueFiles().flatMap(writtenTexts);

  it('reads every text of every catalogue file, placeholder functions too', () => {
    expect(texts.length).toBeGreaterThan(400); // a count that falls says a file or a kind of text is no longer read
  });

  it('holds no text twice', () => {
    const byText = new Map<string, string[]>();
    for (const { at, text } of texts) byText.set(text, [...(byText.get(text) ?? []), at]);
    const twice = [...byText].filter(([, at]) => at.length > 1).map(([text, at]) => `${at.join(' = ')}: ${text}`);
    expect(twice).toEqual([]);
  });

  it('is the only place production code writes a catalogue text: the page and the server import the constant', () => {
    const catalogue = new Set(catalogueFiles());
    // Texts of two words or more: a single word ('frozen', 'Tokens') is also a state's or a field's name.
    const words = new Set(texts.map((t) => t.text).filter((text) => /\S\s+\S/.test(text)));
    // The local chain's own data and JSON-RPC protocol messages are not texts for the user.
    const production = [...sourceFiles(path.join(root, 'src')), ...sourceFiles(path.join(root, 'backend'))].filter(
      (file) => !catalogue.has(file) && !file.includes(`${path.sep}localnet${path.sep}`),
    );
    const repeated = production.flatMap(writtenTexts).filter((t) => words.has(t.text));
    expect(repeated.map((t) => `${t.at}: ${t.text}`)).toEqual([]);
  });
});
