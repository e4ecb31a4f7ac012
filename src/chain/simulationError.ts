/**
 * The network refused the transaction in a test run before the wallet was asked: nothing was signed. `detail` is the
 * refusal as text; the page words it (CHAIN_GUARD.simulationFailed in src/common/texts).
 */
export class SimulationRefusedError extends Error {
  name = 'SimulationRefusedError';
  readonly detail: string;
  constructor(
    public readonly err: unknown,
    public readonly logs?: string[],
  ) {
    const detail = typeof err === 'string' ? err : JSON.stringify(err);
    super(`the network refused the transaction in a test run: ${detail}`);
    this.detail = detail;
  }
}
