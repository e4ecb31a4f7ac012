import { formatUnits } from '../../../chain/format';
import { formatUsd } from '../../../chain/tokenValue';
import { VALUE_TEXTS } from '../../../common/texts';
import type { ValuableItem } from './valueAtBurn';

const sol = (lamports: string | number) => formatUnits(lamports, 9, 9, { trim: true });

/**
 * In the review step: the tokens of this burn worth more than the SOL their accounts return, each with its value, and
 * the second question. The review's Confirm stays disabled until it is answered (ReviewDialog).
 */
export function ValueWarning({
  items,
  acknowledged,
  onAcknowledge,
}: {
  items: ValuableItem[];
  acknowledged: boolean;
  onAcknowledge: (yes: boolean) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="value-warning" role="alert" data-testid="value-warning" data-count={items.length}>
      <h4>{VALUE_TEXTS.warningTitle}</h4>
      <ul>
        {items.map((i) => (
          <li key={i.mint} title={i.mint} data-mint={i.mint} data-micro-usd={i.microUsd}>
            {VALUE_TEXTS.warningItem(
              i.label,
              formatUsd(BigInt(i.microUsd)),
              i.valueLamports === null ? '?' : sol(i.valueLamports),
              sol(i.rentLamports),
            )}
          </li>
        ))}
      </ul>
      <p className="review-note">{VALUE_TEXTS.warningHint}</p>
      <label className="value-ack">
        <input
          type="checkbox"
          data-testid="value-ack"
          checked={acknowledged}
          onChange={(e) => onAcknowledge(e.target.checked)}
        />{' '}
        {VALUE_TEXTS.warningAck}
      </label>
    </div>
  );
}
