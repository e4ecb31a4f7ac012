// The WAI-ARIA modal dialog pattern for every dialog of the page (https://www.w3.org/WAI/ARIA/apg/patterns/dialog-modal/):
// on open, focus goes to the least destructive control (the element marked `data-initial-focus`, else the first
// focusable one); Tab and Shift+Tab stay inside; Escape closes; on close, focus returns to the control that opened
// it (or, when that one left the page — a trashed cNFT's card — to `fallbackFocus`). Dialogs may stack (the robust
// way opens over the trash modal): only the top one answers keys.
import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const stack: object[] = [];

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
}

export function useModalDialog(
  ref: RefObject<HTMLElement | null>,
  opts: { onEscape: () => void; fallbackFocus?: () => HTMLElement | null },
): void {
  const latest = useRef(opts);
  useEffect(() => {
    latest.current = opts; // the newest callbacks for the key handler below (a ref is written after render)
  });
  useEffect(() => {
    const me = {};
    stack.push(me);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = ref.current;
    if (root) {
      const first =
        root.querySelector<HTMLElement>('[data-initial-focus]:not(:disabled)') ?? focusableIn(root)[0] ?? root;
      first.focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (stack[stack.length - 1] !== me || !ref.current) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        latest.current.onEscape();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = focusableIn(ref.current);
      if (items.length === 0) return void e.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === items.length - 1 ? 0 : at + 1;
      e.preventDefault();
      items[next].focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      stack.splice(stack.indexOf(me), 1);
      // After React has removed the dialog: the opener if it is still on the page, else the fallback.
      setTimeout(() => {
        const usable = (el: HTMLElement | null | undefined) => !!el?.isConnected && !el.matches(':disabled');
        const target = usable(opener) ? opener : latest.current.fallbackFocus?.();
        if (!target || !usable(target)) return;
        if (!target.matches(FOCUSABLE)) target.tabIndex = -1; // a heading or region takes focus programmatically
        target.focus();
      }, 0);
    };
  }, [ref]);
}
