import type { SpamLabel } from '../common/safeText';
import { ASSETS_SCREEN } from '../common/texts';

const TEXT: Record<SpamLabel, string> = {
  'link-in-name': ASSETS_SCREEN.spamLinkInName,
  'bidi-control': ASSETS_SCREEN.spamBidi,
};

/** Labels only: a spam signal never hides, selects or burns anything by itself. */
export function SpamLabels({ labels }: { labels: SpamLabel[] }) {
  if (labels.length === 0) return null;
  return (
    <span className="spam-labels" data-testid="spam-labels">
      {labels.map((l) => (
        <span key={l} className="spam-label" data-label={l}>
          {TEXT[l]}
        </span>
      ))}
    </span>
  );
}
