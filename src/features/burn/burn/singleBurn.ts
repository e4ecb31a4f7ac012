// docs/PRODUCT.md#burn-one-token-or-nft single burn of a token or an NFT: build → guard → sign (120 s) → send → confirm → record.
// Tokens: burn the full on-chain amount and close the account. NFTs: burnV1 where Token Metadata exists (token
// account, metadata and edition come back), else SPL burn + close. The rent figure is the closed accounts' lamports.
import type { AppListenerEffectAPI } from '../../../app/listenerMiddleware';
import { requireConnection } from '../../../app/requireConnection';
import { burnGuard, currentPriorityFee, signAndSendBurn } from './burnSteps';
import { type Connection, PublicKey, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { computeBudgetIxs } from '../../../chain/computeBudget';
import type { GuardKind } from '../../../chain/guard';
import { SINGLE_BURN_COMPUTE_UNITS } from '../../../common/constants';
import { ASSETS_SCREEN, VALIDATION, errorBurningNft, errorBurningToken } from '../../../common/texts';
import type { CollectionParent } from '../../../chain/nftBurnPlan';
import { reviewBeforeSigning } from '../review/reviewStep';
import { selectNfts } from '../../assets/nfts';
import { selectSolPriceUsd, selectTokens } from '../../assets/tokens';
import { type ValuableItem, valuableAtBurn } from '../../assets/value/valueAtBurn';
import { BurnValidationError, burnFailureText, errorName } from './burnErrors';
import { burnStoppedBeforeSigning, recordBurn } from './burnRecord';
import type { singleBurnRequested } from '../../../app/events';
import { type BurnKind, burnFailed } from './burnSlice';
import { planTokenBurn } from '../../../chain/tokenBurnPlan';
import { canSignOrSend } from '../../wallet/wallet';

interface BuiltBurn {
  ixs: TransactionInstruction[];
  lamports: number;
  native?: boolean;
  allowed: string[];
  guardKind: GuardKind;
  label: string;
  valuable?: ValuableItem[];
  collections?: CollectionParent[];
}

async function buildTokenBurn(
  api: AppListenerEffectAPI,
  connection: Connection,
  owner: string,
  mint: string,
): Promise<BuiltBurn> {
  const token = selectTokens(api.getState()).find((t) => t.mint === mint);
  if (!token) throw new BurnValidationError(errorBurningToken('token not found in this wallet'));
  const plan = planTokenBurn(owner, token, await connection.getAccountInfo(new PublicKey(token.account), 'confirmed'));
  if (!plan.ok) throw new BurnValidationError(errorBurningToken(plan.reason));
  const valuable = valuableAtBurn([{ token, ...plan }], selectSolPriceUsd(api.getState()));
  return { ...plan, guardKind: 'burnTokens', label: token.symbol || token.name, valuable };
}

async function buildNftBurn(
  api: AppListenerEffectAPI,
  connection: Connection,
  owner: string,
  mint: string,
): Promise<BuiltBurn> {
  const nft = selectNfts(api.getState()).find((n) => n.mint === mint);
  // A Metaplex Core asset has no token account: its mint is the asset address (PRODUCT difference 12).
  if (!nft || (!nft.tokenAddress && nft.kind !== 'core'))
    throw new BurnValidationError(VALIDATION.nftTokenAccountMissing);
  // Token Metadata + Umi (~60 KB gzip) load with the first NFT burn, not with the page.
  const { burnAllowedAccounts, collectionParents, masterHoldersAt, nftBurnIxs, readNftBurns } = await import(
    /* webpackChunkName: "nft-burn" */ '../../../chain/nftBurnPlan'
  );
  const item = { mint, ...(nft.tokenAddress ? { tokenAccount: nft.tokenAddress } : {}), name: nft.name };
  const { planned, skipped } = await readNftBurns(connection, owner, [item], {
    masterHolders: masterHoldersAt(connection.rpcEndpoint), // a print's master holder: DAS first
  });
  if (planned.length === 0) throw new BurnValidationError(errorBurningNft(skipped[0]?.reason ?? 'not burnable'));
  return {
    ixs: nftBurnIxs(owner, planned[0]),
    lamports: planned[0].rentLamports,
    allowed: burnAllowedAccounts(planned[0]),
    guardKind: 'burnNfts',
    label: nft.name,
    collections: collectionParents(planned),
  };
}

/** The accounts the burn writes as the lists know them (mint or asset, token account), for the priority fee market. */
function burnWritable(api: AppListenerEffectAPI, kind: BurnKind, mint: string): string[] {
  const state = api.getState();
  const account =
    kind === 'token'
      ? selectTokens(state).find((t) => t.mint === mint)?.account
      : selectNfts(state).find((n) => n.mint === mint)?.tokenAddress;
  return account ? [mint, account] : [mint];
}

export async function singleBurnEffect(
  action: ReturnType<typeof singleBurnRequested>,
  api: AppListenerEffectAPI,
): Promise<void> {
  const { kind, mint } = action.payload;
  const flow = kind === 'token' ? 'burnToken' : 'burnNft';
  try {
    const wallet = api.extra.wallet;
    const owner = wallet.publicKey;
    if (!owner || !canSignOrSend(wallet)) {
      throw new BurnValidationError(kind === 'token' ? VALIDATION.walletRequiredTokens : VALIDATION.walletRequiredNfts);
    }
    const connection = requireConnection(api.extra);
    const [built, price, { blockhash }] = await Promise.all([
      kind === 'token' ? buildTokenBurn(api, connection, owner, mint) : buildNftBurn(api, connection, owner, mint),
      currentPriorityFee(connection, burnWritable(api, kind, mint)),
      connection.getLatestBlockhash('confirmed'),
    ]);
    const tx = new Transaction({ feePayer: new PublicKey(owner), recentBlockhash: blockhash });
    tx.add(...computeBudgetIxs(SINGLE_BURN_COMPUTE_UNITS, price), ...built.ixs);
    const guard = await burnGuard(api, {
      owner,
      kind: built.guardKind,
      allowedAccounts: built.allowed,
      // An NFT's full burn returns what the page's own planner read (token record, edition, metadata's rent minimum).
      ...(built.guardKind === 'burnNfts' ? { expectedReturns: { [mint]: built.lamports } } : {}),
    });
    const item = [{ mint, label: built.label }];
    // The path runs the guard once, then this review: refused transactions never reach it.
    const review = async (txs: Transaction[]) => {
      await reviewBeforeSigning(api, {
        owner,
        txs,
        destroyed: built.native ? [] : item,
        unwrapped: built.native ? item : [],
        rentLamports: built.lamports,
        unwrapLamports: built.native ? built.lamports : 0,
        serviceFeeLamports: 0, // a single burn is built here and carries no service fee
        valuable: built.valuable,
        collections: built.collections,
      });
    };
    const { signatures } = await signAndSendBurn(api, [tx], guard, review);
    await recordBurn(api, {
      kind,
      owner,
      mints: [mint],
      signatures,
      rentLamports: built.native ? 0 : built.lamports,
      serviceFeeLamports: 0,
      unwrappedLamports: built.native ? built.lamports : 0,
      what: built.label,
      activity: built.native
        ? { type: 'token-burn', title: ASSETS_SCREEN.unwrapTitle, description: ASSETS_SCREEN.unwrapNote }
        : kind === 'token'
          ? { type: 'token-burn', title: 'Token burned', description: `${built.label} burned, account closed` }
          : { type: 'nft-burn', title: 'NFT burned', description: `${built.label} burned` },
    });
  } catch (err) {
    if (api.signal.aborted) return;
    if (burnStoppedBeforeSigning(api, err)) return;
    api.dispatch(burnFailed({ name: errorName(err), message: burnFailureText(err, flow) }));
  }
}
