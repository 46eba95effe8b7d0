export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** Spec §9: seven page links by default; small-screen mode below 601px. */
export const DEFAULT_MAX_PAGE_LINKS = 7;
export const SMALL_SCREEN_QUERY = "(max-width: 600px)";

export function lastPageOf(totalItems: number, itemsPerPage: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalItems) / itemsPerPage));
}

/** The nearest valid page (spec §4: out-of-range pages are corrected). */
export function clampPage(page: number, lastPage: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), lastPage);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * At most `maxSize` items, ellipses included, always showing the first and last pages
 * and the current page's neighbours: 1 2 3 4 5 … 10, 1 … 4 5 6 … 10, 1 … 6 7 8 9 10.
 */
export function pageItems(current: number, lastPage: number, maxSize = DEFAULT_MAX_PAGE_LINKS): PageItem[] {
  const slots = Math.max(5, maxSize);
  if (lastPage <= slots) return range(1, lastPage);
  if (current <= slots - 3) return [...range(1, slots - 2), "ellipsis-end", lastPage];
  if (current >= lastPage - (slots - 4)) return [1, "ellipsis-start", ...range(lastPage - (slots - 3), lastPage)];
  const width = slots - 4;
  const start = current - Math.floor((width - 1) / 2);
  return [1, "ellipsis-start", ...range(start, start + width - 1), "ellipsis-end", lastPage];
}
