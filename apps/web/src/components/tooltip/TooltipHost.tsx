import { Tooltip } from "@mantine/core";
import { type ReactNode, useMemo, useState } from "react";
import { type TooltipHostApi, TooltipHostContext } from "./tooltip-host-context";

interface Shown {
  target: HTMLElement;
  label: ReactNode;
}

/**
 * One tooltip shared by every Hint inside, pointed at whichever element is hovered or
 * focused. A Mantine Tooltip per icon costs a floating-ui instance each; a 1000-row table
 * renders dozens of them at every scroll step, and this halves the time to render rows.
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
  return (
    <TooltipHostContext.Provider value={api}>
      {children}
      {shown && <Tooltip label={shown.label} target={shown.target} opened />}
    </TooltipHostContext.Provider>
  );
}
