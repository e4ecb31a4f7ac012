// The signing path's guard step that trusts no server figure (PRODUCT difference 10): the build's wallets against the server's
// /api/config, then src/chain/chainGuard over the page's own connection (figures read from the chain, priority fee
// capped, each transaction simulated), and over the second chain reader beside it when one is in use (the user's, or the
// one the server offers). Refusals come out as GuardRefusedError, with the user's text as message.
import type { Connection } from '@solana/web3.js';
import {
  type ChainGuardContext,
  type ChainGuardReport,
  SimulationRefusedError,
  chainGuard,
} from '../../../chain/chainGuard';
import { ReadersDisagreeError, SecondReaderFailedError } from '../../../chain/crossCheckedReader';
import { TransactionGuardError } from '../../../chain/guard';
import { type ServerWallets, pinnedWallets } from '../../../common/builtWallets';
import { CHAIN_GUARD } from '../../../common/texts';
import { solChangeCleared, solChangeSimulated } from '../guard/guardSlice';
import { guardReader } from '../guard/secondReaderSetting';
import type { GuardStep } from './signing';
import { GuardRefusedError, SendFailedError, SigningPathError, isAbort } from './signingErrors';

export type ChainGuardIntent = Omit<ChainGuardContext, 'reader' | 'onChecked'>;

/** A refusal whose user text is more precise than the generic mismatch (other wallets, a failed test run). */
export class GuardRefusedWithTextError extends GuardRefusedError {
  constructor(reason: string, text: string, cause?: unknown) {
    super(reason, cause);
    this.message = text;
  }
}

/**
 * The network refused a transaction in its test run: like a failed send (nothing was signed), so a flow's fallbacks
 * go on as they would after a failure on chain; it is not a mismatch with what was asked.
 */
export class SimulationFailedError extends SendFailedError {
  name = 'SimulationFailedError';
}

export interface ChainGuardStepOptions {
  /**
   * The server's /api/config: refused when it names wallets this page was not built for; its `publicSecondReader` is
   * read beside this server unless the user chose another reader or turned it off.
   */
  serverWallets?: ServerWallets & { publicSecondReader?: string | null };
  /** Receives the store's actions (the simulated SOL change the confirm step shows). */
  dispatch?: (action: { type: string }) => unknown;
  onChecked?: (report: ChainGuardReport) => void;
}

export function chainGuardStep(
  connection: Pick<Connection, 'getMultipleAccountsInfo' | 'simulateTransaction'>,
  intent: ChainGuardIntent,
  opts: ChainGuardStepOptions = {},
): GuardStep {
  return async (txs) => {
    opts.dispatch?.(solChangeCleared());
    // The second reader as set now: the user's, or the one the server offers (PUBLIC_SECOND_READER).
    const { reader, secondReader } = guardReader(connection, opts.serverWallets?.publicSecondReader);
    try {
      if (opts.serverWallets) pinnedWallets(opts.serverWallets);
      await chainGuard(txs, {
        ...intent,
        reader,
        onChecked: (report) => {
          opts.dispatch?.(solChangeSimulated(report.ownerChangeLamports, secondReader !== null));
          opts.onChecked?.(report);
        },
      });
    } catch (err) {
      if (err instanceof SigningPathError || isAbort(err)) throw err;
      if (err instanceof TransactionGuardError) throw new GuardRefusedError(err.reason, err);
      // src/chain says what went wrong; the texts are chosen here.
      if (err instanceof SimulationRefusedError)
        throw new SimulationFailedError(CHAIN_GUARD.simulationFailed(err.detail), err);
      if (err instanceof ReadersDisagreeError)
        throw new GuardRefusedWithTextError(err.name, CHAIN_GUARD.readersDisagree(err.reader, err.difference), err);
      if (err instanceof SecondReaderFailedError)
        throw new GuardRefusedWithTextError(err.name, CHAIN_GUARD.secondReaderFailed(err.reader), err);
      const name = (err as Error)?.name;
      if (name === 'ServerMismatchError') throw new GuardRefusedWithTextError(name, (err as Error).message, err);
      throw new GuardRefusedError((err as Error)?.message ?? String(err), err);
    }
  };
}
