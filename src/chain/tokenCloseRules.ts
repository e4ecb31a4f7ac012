// The guard's rules for closing the owner's token accounts, shared by the burns (guardRules.ts) and the empty-account
// recovery source (recovery/sources/vacant): CloseAccount pays the owner, and a harvest reads only ticked accounts.
import { TOKEN_2022_PROGRAM } from '../common/addresses';
import { at, type TokenRule } from './recovery/source';

export const CLOSE_ACCOUNT_TAG = 9;
export const HARVEST_TAG = 26; // Token-2022 TransferFeeExtension, sub-instruction 4: HarvestWithheldTokensToMint
const HARVEST_SUB_TAG = 4;

/** CloseAccount [account, destination, authority]: pays the owner, signed by the owner, of a ticked account. */
export const checkClose: TokenRule = (ix, { owner, allowed }) => {
  const [account, destination, authority] = [at(ix, 0), at(ix, 1), at(ix, 2)];
  if (destination !== owner) return `close pays ${destination}, not the owner`;
  if (authority !== owner) return 'close authority is not the owner';
  if (!account || !allowed.has(account)) return `close of an account not selected: ${account}`;
  return null;
};

/** HarvestWithheldTokensToMint [mint, sources…]: permissionless, from ticked accounts only. */
export const checkHarvest: TokenRule = (ix, { allowed }) => {
  if (ix.programId !== TOKEN_2022_PROGRAM || ix.data[1] !== HARVEST_SUB_TAG)
    return `token instruction ${HARVEST_TAG} not allowed`;
  const sources = ix.accounts.slice(1).map((a) => a.pubkey);
  return sources.every((s) => allowed.has(s)) ? null : 'harvest from an account not selected';
};
