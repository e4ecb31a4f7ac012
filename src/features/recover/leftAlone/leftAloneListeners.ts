import { isAnyOf } from '@reduxjs/toolkit';
import { PublicKey } from '@solana/web3.js';
import type { AppListenerEffectAPI, AppStartListening } from '../../../app/listenerMiddleware';
import { leftAloneAccounts, type ParsedTokenAccountInfo } from '../../../chain/leftAlone';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../common/addresses';
import { burnSucceeded } from '../../burn/burn';
import { requireConnection } from '../../../app/requireConnection';
import { rentEstimateLoaded } from '../rent/rentSlice';
import { vacantBurnSucceeded } from '../vacant/vacantSlice';
import { leftAloneRead } from './leftAloneSlice';

async function readLeftAlone(_action: unknown, api: AppListenerEffectAPI): Promise<void> {
  api.cancelActiveListeners();
  const owner = api.getState().wallet.publicKey;
  if (!owner) return;
  try {
    const connection = requireConnection(api.extra);
    const answers = await api.pause(
      Promise.all(
        [TOKEN_PROGRAM, TOKEN_2022_PROGRAM].map((p) =>
          connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { programId: new PublicKey(p) }, 'confirmed'),
        ),
      ),
    );
    const accounts = answers.flatMap((a) =>
      a.value.flatMap(({ pubkey, account }) => {
        const info = (account.data as { parsed?: { info?: ParsedTokenAccountInfo } }).parsed?.info;
        return info?.tokenAmount ? [{ address: pubkey.toBase58(), lamports: account.lamports, info }] : [];
      }),
    );
    api.dispatch(leftAloneRead({ wallet: owner, accounts: leftAloneAccounts(accounts, owner) }));
  } catch {
    // Informational list: a failed read leaves the previous one.
  }
}

export function setupLeftAloneListeners(startAppListening: AppStartListening): void {
  startAppListening({
    matcher: isAnyOf(rentEstimateLoaded, burnSucceeded, vacantBurnSucceeded),
    effect: readLeftAlone,
  });
}
