// The import cycles the page still has, checked by scripts/check-cycles.js (`npm run lint:cycles`). Each entry is a
// pair of feature areas (src/features/<area>, or a file outside src/features and a feature) that import each other, with why it is
// still there. Shrink this list; never grow it: move the shared piece to src/app or src/common, or move an action to
// the feature that owns the state. A listed pair that is gone fails the check until its line is deleted.
const allowedFeaturePairs = {
  'App.tsx <-> shell': 'the first view loads the wallet app (App.tsx) lazily, App renders the shell',
  'activity <-> trash': "the activity log records cNFT trash outcomes (trash's slice and queue); trash records them",
  'assets <-> burn': 'the burn flows drop burned assets from the lists and clear the selection; the cards start a burn',
  'assets <-> trash':
    'the cNFT card shows the trash buttons; the trash flows read the cNFT list and clear the selection',
};

// How many pairs of units (feature folders, other files) reach each other through some chain of imports, whether or
// not they import each other directly. May only go down: a new import that closes a loop raises it and fails.
const loopedPairCeiling = 22;

// src/features holds a few feature areas (ARCHITECTURE, layout), each a folder of parts: a new part joins an area.
const maxFeatureAreas = 14;

module.exports = { allowedFeaturePairs, loopedPairCeiling, maxFeatureAreas };
