import { useAppSelector } from '../../../app/hooks';
import { formatUsd } from '../../../chain/tokenValue';
import { formatUnits } from '../../../chain/format';
import { VALUE_TEXTS } from '../../../common/texts';
import { selectTokenValues } from './tokenValues';
import './value.css';

/** A token card's value: "Worth $25.13", or "Value unknown" — never "$0" for a token the indexer did not price. */
export function TokenValueLine({ mint }: { mint: string }) {
  const v = useAppSelector(selectTokenValues).get(mint);
  if (!v || v.microUsd === null)
    return (
      <span className="token-value unknown" data-testid="token-value" data-value="unknown">
        {VALUE_TEXTS.unknown}
      </span>
    );
  const usd = formatUsd(BigInt(v.microUsd));
  const sol = v.lamports === null ? '?' : formatUnits(v.lamports, 9, 9, { trim: true });
  return (
    <>
      <span
        className={`token-value ${v.cls}`}
        data-testid="token-value"
        data-value={v.cls}
        data-micro-usd={v.microUsd}
        title={v.cls === 'valuable' ? VALUE_TEXTS.valuableTitle(usd, sol) : undefined}
      >
        {VALUE_TEXTS.valueOf(usd)}
      </span>
      {v.cls === 'valuable' && (
        <span className="valuable-badge" data-testid="valuable-label" title={VALUE_TEXTS.valuableTitle(usd, sol)}>
          {VALUE_TEXTS.valuableBadge}
        </span>
      )}
    </>
  );
}
