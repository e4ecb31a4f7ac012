// The assetTools part's face to other areas (ARCHITECTURE, rules the tools enforce).
export { nftSpamLabels } from './assetToolsSelectors';
export { SectionToolbar } from './SectionToolbar';
