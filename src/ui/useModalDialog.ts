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

// The last control focused outside any dialog: a burn disables its button while the review is open, which drops
// focus to <body> before the dialog mounts, yet that button is where focus belongs when the review closes.
let lastFocus: HTMLElement | null = null;
let tracking = false;
function trackFocus() {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('focusin', (e) => {
    const el = e.target as HTMLElement;
    if (el instanceof HTMLElement && !el.closest('[role="dialog"]')) lastFocus = el;
  });
}
trackFocus(); // from the start: the control focused before the first dialog counts too

const usable = (el: HTMLElement | null | undefined): boolean =>
  !!el && el.isConnected && el !== document.body && !el.matches(':disabled');

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
    trackFocus();
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const opener = active && active !== document.body ? active : lastFocus;
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
      // The opener may be disabled a moment longer (the flow that opened the dialog is ending): wait up to 3 s for
      // it, then fall back.
      let tries = 0;
      const restore = () => {
        if (opener && usable(opener)) return opener.focus();
        if (++tries < 120 && opener?.isConnected) return void setTimeout(restore, 25);
        const target = latest.current.fallbackFocus?.();
        if (!target || !target.isConnected) return;
        if (!target.matches(FOCUSABLE)) target.tabIndex = -1; // a heading or region takes focus programmatically
        target.focus();
      };
      setTimeout(restore, 0);
    };
  }, [ref]);
}
