import { createContext, type ReactNode } from "react";

export interface TooltipHostApi {
  show: (target: HTMLElement, label: ReactNode) => void;
  hide: (target: HTMLElement) => void;
}

/** Set by TooltipHost; absent outside one, where each Hint keeps its own tooltip. */
export const TooltipHostContext = createContext<TooltipHostApi | null>(null);
