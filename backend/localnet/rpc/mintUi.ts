// Token-2022's display-amount extensions, applied to jsonParsed token amounts as agave (2.2+) does: a mint with
// ScaledUiAmountConfig shows amount × multiplier (the new multiplier once its timestamp has passed), one with
// InterestBearingConfig the amount with continuously compounded interest. The arithmetic is @solana/spl-token's own.
import { PublicKey } from '@solana/web3.js';
import * as T from '@solana/spl-token';
import { TOKEN_2022_PROGRAM } from '../../../src/common/addresses';
import type { ChainAccount } from '../chainTypes';

export type MintUi =
  | { kind: 'scaled'; multiplier: number; newMultiplier: number; effectiveAt: number }
  | {
      kind: 'interest';
      initializedAt: number;
      preUpdateAverageRate: number;
      lastUpdateAt: number;
      currentRate: number;
    };

/** The display-amount extension of a mint account, or null (SPL Token, no extension, not a mint). */
export function readMintUi(address: string, acc: ChainAccount | null): MintUi | null {
  if (!acc || acc.owner !== TOKEN_2022_PROGRAM || acc.data.length <= T.ACCOUNT_SIZE || acc.data[T.ACCOUNT_SIZE] !== 1)
    return null;
  try {
    const m = T.unpackMint(
      new PublicKey(address),
      {
        data: Buffer.from(acc.data),
        owner: new PublicKey(acc.owner),
        lamports: Number(acc.lamports),
        executable: false,
      },
      new PublicKey(TOKEN_2022_PROGRAM),
    );
    const scaled = T.getScaledUiAmountConfig(m);
    if (scaled)
      return {
        kind: 'scaled',
        multiplier: scaled.multiplier,
        newMultiplier: scaled.newMultiplier,
        effectiveAt: Number(scaled.newMultiplierEffectiveTimestamp),
      };
    const i = T.getInterestBearingMintConfigState(m);
    if (i)
      return {
        kind: 'interest',
        initializedAt: Number(i.initializationTimestamp),
        preUpdateAverageRate: i.preUpdateAverageRate,
        lastUpdateAt: Number(i.lastUpdateTimestamp),
        currentRate: i.currentRate,
      };
  } catch {
    // not a readable mint
  }
  return null;
}

/** The amount as a wallet shows it at `nowSec` (the chain's clock). */
export function uiAmountString(amount: bigint, decimals: number, ui: MintUi, nowSec: number): string {
  if (ui.kind === 'scaled') {
    const multiplier = ui.effectiveAt > 0 && nowSec >= ui.effectiveAt ? ui.newMultiplier : ui.multiplier;
    return T.amountToUiAmountForScaledUiAmountMintWithoutSimulation(amount, decimals, multiplier);
  }
  return T.amountToUiAmountForInterestBearingMintWithoutSimulation(
    amount,
    decimals,
    nowSec,
    ui.lastUpdateAt,
    ui.initializedAt,
    ui.preUpdateAverageRate,
    ui.currentRate,
  );
}
