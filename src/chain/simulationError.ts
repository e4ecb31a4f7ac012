import { CHAIN_GUARD } from '../common/texts';

/** The network refused the transaction in a test run before the wallet was asked: nothing was signed. */
export class SimulationRefusedError extends Error {
  name = 'SimulationRefusedError';
  constructor(
    public readonly err: unknown,
    public readonly logs?: string[],
  ) {
    super(CHAIN_GUARD.simulationFailed(typeof err === 'string' ? err : JSON.stringify(err)));
  }
}
