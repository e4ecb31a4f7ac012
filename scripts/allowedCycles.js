// The import cycles the page still has, checked by scripts/check-cycles.js (`npm run lint:cycles`). Each entry is a
// pair of feature folders (or a file outside src/features and a feature) that import each other, with why it is
// still there. Shrink this list; never grow it: move the shared piece to src/app or src/common, or move an action to
// the feature that owns the state. A listed pair that is gone fails the check until its line is deleted.
const allowedFeaturePairs = {
  'App.tsx <-> shell': 'the first view loads the wallet app (App.tsx) lazily, App renders the shell',
  'burn <-> nfts': 'the burn flows drop burned NFTs from the list; the NFT card starts a burn',
  'burn <-> review': "the burn flows run the review step; the review step throws burn's BurnValidationError",
  'burn <-> selection': 'the bulk burns clear the selection; the selection panel starts a bulk burn',
  'burn <-> tokens': 'the burn flows drop burned tokens from the list; the token card starts a burn',
  'cnfts <-> nfts': 'the cNFT slice follows the NFT load events; the NFT load also looks up cNFTs',
  'cnfts <-> trash': 'the cNFT card shows the trash buttons; the trash dialogs read the cNFT list and its API',
  'guard <-> wallet': 'the guard slice resets on disconnect; the signing path records the guard figures',
  'nfts <-> selection': 'the selection resets when NFTs load and shows their load error; the NFT card selects',
  'queue <-> revoke': "the queue dialog offers a revoke; the revoke flow uses the queue's actions",
  'queue <-> trash': 'the queue dialog reuses the trash dialog parts; the trash host shows the queue dialog',
  'selection <-> tokens': 'the selection resets when tokens load and shows their load error; the token card selects',
};

// How many pairs of units (feature folders, other files) reach each other through some chain of imports, whether or
// not they import each other directly. May only go down: a new import that closes a loop raises it and fails.
const loopedPairCeiling = 211;

module.exports = { allowedFeaturePairs, loopedPairCeiling };
