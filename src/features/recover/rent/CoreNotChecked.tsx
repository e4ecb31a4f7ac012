import { RENT } from '../../../common/texts';

/**
 * Never a silent zero (docs/UPSTREAM.md, "Core assets" and "Print editions"): when the provider could not list the
 * Core assets, or would not look up a print edition's master, the figures leave them out and the card says so, as
 * the recovery scans say "Not checked on this provider".
 */
export function CoreNotChecked({ refused, prints = false }: { refused: boolean; prints?: boolean }) {
  return (
    <>
      {refused && (
        <p className="rent-note" data-testid="rent-core-not-checked">
          {RENT.coreNotChecked}
        </p>
      )}
      {prints && (
        <p className="rent-note" data-testid="rent-prints-not-checked">
          {RENT.printsNotChecked}
        </p>
      )}
    </>
  );
}
