import { type KeyboardEvent, useEffect, useState } from "react";
import type { BarOption } from "./options";

/**
 * The option the keyboard is on, in a combobox whose focus stays in its text field (aria-activedescendant):
 * ↓ and ↑ move through every group's options (round the ends), Entrée chooses. When the options change (the
 * results of the next keystroke), the first one is active again unless the active one is still there.
 */
export function useActiveOption(options: BarOption[], choose: (option: BarOption) => void) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = options.find((o) => o.id === activeId) ?? options[0] ?? null;

  // The active option stays in view when the list scrolls.
  useEffect(() => {
    if (active) document.getElementById(active.id)?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.nativeEvent.isComposing || options.length === 0) return;
    const at = active ? options.indexOf(active) : -1;
    const moveTo = (index: number) => {
      event.preventDefault();
      setActiveId(options[(index + options.length) % options.length]?.id ?? null);
    };
    if (event.key === "ArrowDown") moveTo(at + 1);
    else if (event.key === "ArrowUp") moveTo(at - 1);
    else if (event.key === "PageDown") moveTo(Math.min(at + 5, options.length - 1));
    else if (event.key === "PageUp") moveTo(Math.max(at - 5, 0));
    else if (event.key === "Enter" && active) {
      event.preventDefault();
      choose(active);
    }
  };

  return { active, setActiveId, onKeyDown };
}
