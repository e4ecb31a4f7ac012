// The trash feature's public face: what other features may import (ARCHITECTURE, rules the tools enforce). A module
// only a lazy chunk loads is not re-exported here: that would pull it into the connected screen's initial set.
export { TRASH_UI } from '../../../common/texts/trashTexts';
export type * as TrashWays from './trashWays';
export { useExplorer } from './useTrashPage';
