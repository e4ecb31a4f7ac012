import { GUARD } from '../../common/texts';

/** What the user reads when the guard refused: the server named other wallets, the network refused a test run, or
 *  (the rest) the transaction does not match what was asked. */
export function guardRefusalText(err: unknown): string {
  const name = (err as Error | undefined)?.name;
  if (name === 'ServerMismatchError' || name === 'SimulationRefusedError') return (err as Error).message;
  return GUARD.mismatch;
}
