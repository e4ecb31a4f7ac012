// The catalogue (docs/ARCHITECTURE.md, "Adding a text") holds each user-facing text once: two keys with the same text
// drift apart the day one is edited. A text shared on purpose is one key, used twice.
import { catalogueFiles, writtenTexts } from '../../support/catalogue';

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
});
