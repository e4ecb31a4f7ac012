// A name or symbol from an asset's metadata, shown safely (PRODUCT, the page: spam labels): bidi controls removed, rendered left to right
// in an isolate, and a warning badge when it holds a link or direction tricks. Reusable for spam labels.
import { SUSPICIOUS_TEXT_BADGE, inspectText } from '../common/safeText';

export function SafeName({ text, className }: { text: string | null | undefined; className?: string }) {
  const t = inspectText(text);
  const why = [t.hasLink ? SUSPICIOUS_TEXT_BADGE.link : '', t.hasBidiControl ? SUSPICIOUS_TEXT_BADGE.bidi : '']
    .filter(Boolean)
    .join(' ');
  return (
    <span className={className}>
      <bdi dir="ltr">{t.display}</bdi>
      {t.suspicious && (
        <span className="suspicious-badge" role="img" aria-label={why} title={why} data-testid="suspicious-badge">
          {' '}
          ⚠ {SUSPICIOUS_TEXT_BADGE.label}
        </span>
      )}
    </span>
  );
}
