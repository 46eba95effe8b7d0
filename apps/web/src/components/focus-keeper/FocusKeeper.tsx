import { type ReactNode, useLayoutEffect, useRef } from "react";

/** What Tab can stop on, disabled controls included (their place is counted, the focus skips them). */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

const focusable = (el: Element): el is HTMLElement =>
  el instanceof HTMLElement && !el.matches(":disabled") && el.getClientRects().length > 0;

/**
 * The control at `index` in `box`; if it cannot take the focus now, or there is none (the list is
 * shorter), the next one Tab would reach, in the box or after it.
 */
function controlFrom(box: HTMLElement, index: number): HTMLElement | null {
  const start = box.querySelectorAll(CONTROLS)[index];
  if (start && focusable(start)) return start;
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
      // Gone elsewhere: nothing to keep. (A control taken out of the page sends no blur: its place stays.)
      onBlur={(event) => {
        if (event.relatedTarget && !box.current?.contains(event.relatedTarget)) place.current = null;
      }}
    >
      {children}
    </div>
  );
}
