// Every user-facing text, quoted exactly from the spec (section in the comment). Texts the spec leaves open are
// marked "ours". A text with a placeholder is a function; '...' in the spec is where the detail goes.
// One file per concern; importers keep `from '.../common/texts'`. A new concern: a new `<concern>Texts.ts` here and
// one `export *` line below, unless only lazy chunks or the server use it: those are imported by path, so the first
// view does not carry them (docs/ARCHITECTURE.md, "Adding a text").
export * from './sharedTexts';
export * from './brandTexts';
export * from './screenTexts';
export * from './rentTexts';
export * from './vacantTexts';
export * from './burnTexts';
export * from './cnftTexts';
export * from './validationTexts';
export * from './guardTexts';
export * from './assetsScreenTexts';
export * from './surplusTexts';
export * from './kindTexts';
export * from './valueTexts';
export * from './treeTexts';
export * from './authTexts';
export * from './walletModeTexts';
export * from './errorTexts';
export * from './oneAtATimeTexts';
