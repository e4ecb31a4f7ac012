// The confirm step's figure: while the wallet is asked, the owner's SOL change as the network simulated it, and a
// plain line when only this server's reading of the chain checked it (no second reader).
import { useAppSelector } from '../../../app/hooks';
import { formatUnits } from '../../../chain/format';
import { CHAIN_GUARD } from '../../../common/texts';
import { selectSecondReaderChecked, selectSimulatedChange } from './guardSlice';

export function SolChangeNotice({ active }: { active: boolean }) {
  const change = useAppSelector(selectSimulatedChange);
  const secondReaderChecked = useAppSelector(selectSecondReaderChecked);
  if (!active || change === null) return null;
  const sol = (change >= 0 ? '+' : '-') + formatUnits(Math.abs(change), 9, 9, { trim: true });
  return (
    <p className="sol-change-notice" role="status" data-testid="sol-change">
      {CHAIN_GUARD.solChange(sol)}
      {!secondReaderChecked && <span data-testid="one-reader"> {CHAIN_GUARD.oneReader}</span>}
    </p>
  );
}
