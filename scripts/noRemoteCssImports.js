// A webpack loader for CSS: drops every `@import` of a stylesheet on another host. The page takes no font or style
// from a third party (PRODUCT difference 16); wallet-adapter-react-ui's styles.css starts by importing Google Fonts'
// DM Sans, so without this every visit would tell Google who looked. Text then uses the system font stack
// (src/features/shell/shell/shell.css): no font package is installed here to serve one of our own.
const REMOTE_IMPORT = /@import\s+(?:url\(\s*)?(['"]?)(?:https?:)?\/\/[^'")\s]*\1\s*\)?[^;]*;/gi;

module.exports = function noRemoteCssImports(source) {
  return String(source).replace(
    REMOTE_IMPORT,
    '/* remote stylesheet import removed: no third-party styles or fonts */',
  );
};
module.exports.REMOTE_IMPORT = REMOTE_IMPORT;
