import { Tooltip } from "@mantine/core";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type TooltipHostApi, TooltipHostContext } from "./tooltip-host-context";

interface Shown {
  target: HTMLElement;
  label: ReactNode;
}

/**
 * One tooltip shared by every Hint inside, pointed at whichever element is hovered or
 * focused. A Mantine Tooltip per icon costs a floating-ui instance each; a 1000-row table
 * renders dozens of them at every scroll step, and this halves the time to render rows.
 * Échap closes it without moving the focus, before any dialog around it hears that key (RGAA 10.13). It lets
 * the pointer through to what lies under it, so it does not stay when the pointer moves onto it: a tooltip
 * that caught the pointer would hide the row action above the one hovered.
 */
export function TooltipHost({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const api = useMemo<TooltipHostApi>(
    () => ({
      show: (target, label) => setShown({ target, label }),
      hide: (target) => setShown((current) => (current?.target === target ? null : current)),
    }),
    [],
  );
  useEffect(() => {
    if (!shown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.stopPropagation();
      setShown(null);
    };
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [shown]);
  return (
    <TooltipHostContext.Provider value={api}>
      {children}
      {shown && <Tooltip label={shown.label} target={shown.target} opened />}
    </TooltipHostContext.Provider>
  );
}
