// The import cycles the page still has, checked by scripts/check-cycles.js (`npm run lint:cycles`). Each entry is a
// pair of feature areas (src/features/<area>, or a file outside src/features and an area) that import each other,
// with why it is still there. Shrink this list; never grow it (at most 2): move the shared piece to src/app or
// src/common, announce an event in src/app/events.ts, or move an action to the area that owns the state. A listed
// pair that is gone fails the check until its line is deleted.
const allowedFeaturePairs = {
  'App.tsx <-> shell': 'the first view loads the wallet app (App.tsx) lazily, App renders the shell',
};

// How many pairs of units (feature areas, other files) reach each other through some chain of imports, whether or
// not they import each other directly. May only go down (at most 15): a new import that closes a loop fails.
const loopedPairCeiling = 1;

// src/features holds a few feature areas (ARCHITECTURE, layout), each a folder of parts: a new part joins an area.
const maxFeatureAreas = 14;

module.exports = { allowedFeaturePairs, loopedPairCeiling, maxFeatureAreas };
