import { RENT } from '../../common/texts';

/**
 * Never a silent zero (docs/UPSTREAM.md, "Core assets"): when the provider could list no Core assets, the figures
 * leave them out and the card says so, as the recovery scans say "Not checked on this provider".
 */
export function CoreNotChecked({ refused }: { refused: boolean }) {
  if (!refused) return null;
  return (
    <p className="rent-note" data-testid="rent-core-not-checked">
      {RENT.coreNotChecked}
    </p>
  );
}
