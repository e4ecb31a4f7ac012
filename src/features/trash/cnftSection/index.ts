// The cNFT section's public face (ARCHITECTURE, rules the tools enforce).
export { CnftsSection } from './CnftsSection';
