import { useDebouncedCallback } from "@mantine/hooks";
import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigate } from "react-router";
import type { SortState } from "../components";
import { useRememberedListState } from "./list-memory";

/** Address parameters of a list: `tri=raisonSocial` / `tri=-createdAt` / `tri=aucun`, `page=3`, `q=ehpad`. */
export const SORT_PARAM = "tri";
export const PAGE_PARAM = "page";
export const SEARCH_PARAM = "q";
/** "No sort" is a state of its own (spec §4 cycle), distinct from "the list's default sort". */
const NO_SORT = "aucun";

export function readSort(value: string | null, defaultSort: SortState | null): SortState | null {
  if (value === null || value === "") return defaultSort;
  if (value === NO_SORT) return null;
  return value.startsWith("-") ? { key: value.slice(1), direction: "desc" } : { key: value, direction: "asc" };
}

export function writeSort(sort: SortState | null): string {
  if (!sort) return NO_SORT;
  return sort.direction === "desc" ? `-${sort.key}` : sort.key;
}

function sameSort(a: SortState | null, b: SortState | null): boolean {
  return a?.key === b?.key && a?.direction === b?.direction;
}

/**
 * The text of a search box whose value lives in the address. The box follows the address when something
 * else changes it (a saved view opened, the last state restored, Réinitialiser), but not when the change is
 * the box's own text arriving after the pause (`committed`), which the user may have typed on since.
 */
export function useAddressText(addressValue: string) {
  const [text, setText] = useState(addressValue);
  const [seen, setSeen] = useState(addressValue);
  const committed = useRef(addressValue);
  if (addressValue !== seen) {
    setSeen(addressValue);
    if (addressValue !== committed.current && addressValue !== text.trim()) setText(addressValue);
  }
  // Once shown, the address's value is the box's reference; set after the render is kept (a render the router
  // restarts must not have consumed it).
  useEffect(() => {
    committed.current = addressValue;
  }, [addressValue]);
  return { text, setText, committed };
}

export interface ListParamsOptions {
  defaultSort: SortState | null;
  /** Sort keys the server accepts; anything else in the address falls back to the default. */
  sortKeys?: readonly string[];
}

/**
 * Sort, page and search of a list kept in the address, like its filter: a reload or a shared
 * link shows the same rows. Every change replaces the history entry; a new sort or search goes
 * back to page 1. The search box updates at once, the address (and the query) after 300 ms.
 */
export function useListParams({ defaultSort, sortKeys }: ListParamsOptions) {
  useRememberedListState();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const navigate = useNavigate();
  // The latest address, for a debounced search that fires after later renders.
  const latest = useRef(location.search);
  latest.current = location.search;
  // Screens load lazily: a click on a row starts a navigation that waits for the screen's code. A
  // debounced search landing in that moment must not replace it (the click would be lost), so a list
  // does not write its address while the user is on the way to another page. The router is read at that
  // moment, not at render (its pending state does not re-render the list); absent outside a data router.
  const dataRouter = useContext(UNSAFE_DataRouterContext)?.router;
  const leaving = () => {
    const pending = dataRouter?.state.navigation.location;
    return !!pending && pending.pathname !== dataRouter?.state.location.pathname;
  };
  const parsed = readSort(params.get(SORT_PARAM), defaultSort);
  const sort = parsed && sortKeys && !sortKeys.includes(parsed.key) ? defaultSort : parsed;
  const page = Math.max(1, Math.trunc(Number(params.get(PAGE_PARAM))) || 1);
  const urlSearch = params.get(SEARCH_PARAM) ?? "";
  const { text: search, setText: setSearchText, committed } = useAddressText(urlSearch);

  const update = (changes: Record<string, string | null>) => {
    if (leaving()) return;
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    navigate({ search: query ? `?${query}` : "" }, { replace: true });
  };
  // The typed text reaches the address once the user pauses.
  const commitSearch = useDebouncedCallback((value: string) => {
    const trimmed = value.trim();
    committed.current = trimmed;
    if (trimmed !== (new URLSearchParams(latest.current).get(SEARCH_PARAM) ?? ""))
      update({ [SEARCH_PARAM]: trimmed || null, [PAGE_PARAM]: null });
  }, 300);

  return {
    sort,
    page,
    /** The search sent to the server (the address's). */
    search: urlSearch.trim() || undefined,
    /** The text in the search box. */
    searchText: search,
    setSearchText: (value: string) => {
      setSearchText(value);
      commitSearch(value);
    },
    setSort: (next: SortState | null) =>
      update({ [SORT_PARAM]: sameSort(next, defaultSort) ? null : writeSort(next), [PAGE_PARAM]: null }),
    setPage: (next: number) => update({ [PAGE_PARAM]: next <= 1 ? null : String(next) }),
    /** For a filter change: back to the first page. */
    resetPage: () => update({ [PAGE_PARAM]: null }),
    update,
  };
}
