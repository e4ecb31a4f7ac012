// The cNFT leaf mapper and builders of src/chain/cnftTransactions.ts as the page and the server call them: src/chain
// refuses with a reason (LeafDataError, LeafRefusedError), and here the refusal gets the user's text as its message,
// keeping its class, so whatever shows the message (a flow's alert, a route's 400) shows the spec's text.
import * as chain from '../chain/cnftTransactions';
import { CNFT_ERRORS, CNFT_V2_REFUSED } from './texts';

function worded(err: unknown): unknown {
  if (err instanceof chain.LeafDataError) err.message = CNFT_ERRORS[err.problem];
  else if (err instanceof chain.LeafRefusedError) err.message = CNFT_V2_REFUSED[err.reason];
  return err;
}

const wording =
  <A extends unknown[], R>(build: (...args: A) => R) =>
  (...args: A): R => {
    try {
      return build(...args);
    } catch (err) {
      throw worded(err);
    }
  };

export const leafFor = wording(chain.leafFor);
export const buildTrashTransaction = wording(chain.buildTrashTransaction);
export const buildBurnTransaction = wording(chain.buildBurnTransaction);
export const buildDelegateTransaction = wording(chain.buildDelegateTransaction);
export const buildDelegatedTransferTransaction = wording(chain.buildDelegatedTransferTransaction);
