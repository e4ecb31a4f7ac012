import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ASSETS } from '../../../common/texts';
import { bulkModeSet, selectBulkMode } from '../../assets/selection';

export function BulkModeToggle() {
  const dispatch = useAppDispatch();
  const bulkMode = useAppSelector(selectBulkMode);
  return (
    <label className="bulk-toggle" data-testid="bulk-mode-toggle">
      <input
        type="checkbox"
        role="switch"
        checked={bulkMode}
        aria-checked={bulkMode}
        onChange={(e) => dispatch(bulkModeSet(e.target.checked))}
      />
      <span className="bulk-toggle-track" aria-hidden="true" />
      <span>{ASSETS.bulkSelectMode}</span>
    </label>
  );
}
