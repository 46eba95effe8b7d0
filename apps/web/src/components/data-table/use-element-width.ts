import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * The element's width, followed as it changes (a window narrowed, a side panel shown). Read before the first
 * paint, so a table fitted to its frame never shows first at its full width. Null while unknown (jsdom).
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => setWidth(Math.floor(element.getBoundingClientRect().width) || null);
    read();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
