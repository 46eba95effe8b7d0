import type { MouseEvent } from "react";

/** The button that opened the menu holding `item` (a menu is labelled by its button). */
function menuButtonOf(item: Element): HTMLElement | null {
  const menu = item.closest('[role="menu"]');
  const id = menu?.getAttribute("aria-labelledby");
  return id ? document.getElementById(id) : null;
}

/**
 * A menu item's action, run with the focus already back on the menu's button. A dialog remembers what
 * had the focus when it opened and gives it back when it closes (RGAA 12.8); opened from a menu item,
 * that was the item, gone with its menu, and the focus fell to the top of the page. From the button,
 * the keyboard picks up where it was.
 */
export const fromMenu =
  (action: () => void) =>
  (event: MouseEvent<HTMLElement>): void => {
    menuButtonOf(event.currentTarget)?.focus();
    action();
  };
