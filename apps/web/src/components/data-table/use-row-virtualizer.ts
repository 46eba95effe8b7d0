import { measureElement, observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import type { RefObject } from "react";

export interface RowVirtualizerOptions {
  count: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  estimatedRowHeight: number;
  /** Height assumed while the scroller reports none (hidden tab, first paint, jsdom). */
  fallbackHeight: number;
  overscan: number;
  getItemKey: (index: number) => string | number;
}

/**
 * Rows are measured as they render, so wrapped text keeps its real height. A zero size
 * is never real for a scroller or a row, so it falls back to the estimates instead of
 * rendering nothing (scroller) or everything (rows).
 */
export function useRowVirtualizer(options: RowVirtualizerOptions) {
  const { count, scrollRef, estimatedRowHeight, fallbackHeight, overscan, getItemKey } = options;
  return useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan,
    getItemKey,
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) =>
        notify(rect.height > 0 ? rect : { width: rect.width, height: fallbackHeight }),
      ),
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimatedRowHeight,
  });
}
