// Texts of the cNFT tree check (PRODUCT, the page: spam labels). Ours: the specification has no such label.

export const TREE_TEXTS = {
  tooDeep: (nodes: number, max: number): string =>
    `Stuck: its tree needs ${nodes} proof nodes, a wallet transaction holds at most ${max}. It cannot be moved or burned.`,
  tooDeepShort: 'Cannot be moved (tree too deep)',
} as const;
