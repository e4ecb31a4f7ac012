// PRODUCT difference 8: the hide-only fallback is offered, never run unasked. Says what it does (1,000 lamports, hidden in
// this browser) and what it does not (the cNFT is not moved); "Hidden items" undoes it.
import { useAppDispatch } from '../../../app/hooks';
import { HIDE_ONLY } from '../../../common/texts/hideOnlyTexts';
import { hideOnlyAnswered } from './trashSlice';

export function HideOnlyOffer({ reasons }: { reasons: string[] }) {
  const dispatch = useAppDispatch();
  return (
    <div className="trash-info hide-offer" role="alertdialog" aria-label={HIDE_ONLY.title} data-testid="hide-offer">
      <strong>{HIDE_ONLY.title}</strong>
      <p>{HIDE_ONLY.body}</p>
      {reasons.length > 0 && (
        <details>
          <summary>{HIDE_ONLY.why}</summary>
          <ul>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="trash-actions">
        <button
          type="button"
          className="secondary"
          data-testid="hide-decline"
          onClick={() => dispatch(hideOnlyAnswered({ accept: false, declinedText: HIDE_ONLY.declined }))}
        >
          {HIDE_ONLY.decline}
        </button>
        <button type="button" data-testid="hide-accept" onClick={() => dispatch(hideOnlyAnswered({ accept: true }))}>
          {HIDE_ONLY.accept}
        </button>
      </div>
    </div>
  );
}
