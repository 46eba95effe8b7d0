import { type ReactNode, useLayoutEffect, useRef } from "react";

/** What Tab can stop on, disabled controls included (their place is counted, the focus skips them). */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const focusable = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement && !el.matches(":disabled") && el.getClientRects().length > 0;

/**
 * The control at `index` in `box`. If it cannot take the focus now, the next one Tab would reach; if
 * there is none (the list is shorter, the buttons gave way to a message), a message of the box that
 * takes the focus (tabIndex -1: what the action led to), else the next control after the box.
 */
function controlFrom(box: HTMLElement, index: number): HTMLElement | null {
  const start = box.querySelectorAll(CONTROLS)[index];
  if (start && focusable(start)) return start;
  const message = start ? null : box.querySelector<HTMLElement>('[tabindex="-1"]');
  if (message) return message;
  const after = (el: Element) =>
    start
      ? !!(start.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)
      : !box.contains(el) && !!(box.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return ([...document.querySelectorAll(CONTROLS)].find((el) => after(el) && focusable(el)) as HTMLElement) ?? null;
}

/**
 * Keeps the keyboard's place when its content is built again or loses the control it was on. A tab that
 * edits a record is remounted with the record's new version after a save (its form starts afresh): the
 * save button is gone and the focus falls to the top of the page; an evaluator added to a team leaves
 * the ranking with his button (RGAA 12.8). When `version` changes and the focus, last inside, is lost,
 * it goes to the control now at the same place, or to the next one Tab reaches when that one is
 * disabled (a save button with nothing left to save) or there is none.
 */
export function FocusKeeper({ version, children }: { version: string | number; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const place = useRef<number | null>(null);
  const seen = useRef(version);
  useLayoutEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (lost && place.current !== null && box.current) controlFrom(box.current, place.current)?.focus();
  }, [version]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens to where the focus is, takes no action.
    <div
      ref={box}
      onFocus={(event) => {
        const inBox = [...(box.current?.querySelectorAll(CONTROLS) ?? [])];
        const index = inBox.indexOf(event.target);
        if (index >= 0) place.current = index;
      }}
      // Gone elsewhere: nothing to keep. Not into a dialog, which gives the focus back to its opener, or
      // cannot when the opener went with what the dialog did (a control taken out sends no blur either).
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to && !box.current?.contains(to) && !to.closest('[role="dialog"]')) place.current = null;
      }}
    >
      {children}
    </div>
  );
}
