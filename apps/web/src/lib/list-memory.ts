import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSignedInUserId } from "./session-context";

/*
 * A list's last state (filters, sort, search, page, columns: its address query), remembered per user and per
 * list path in localStorage. Kept across sign-out on purpose: "the lists remember my last filters between
 * visits" is the point, the key carries the user id so another account on the same browser starts afresh,
 * and what is kept is only the query (words typed in a search box at most), never a row of data.
 */
const PREFIX = "certidesk.list.";
const keyOf = (userId: string, path: string) => `${PREFIX}${userId}.${path}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, query: string) {
  try {
    if (query) localStorage.setItem(key, query);
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused (private browsing): the list simply forgets, as before.
  }
}

/**
 * Arriving on a list's path without a query (the menu, a breadcrumb) restores the user's last query for it;
 * every later change of the query is remembered, and going back to no query (Réinitialiser) forgets it.
 * Called by useListParams, so every list using it remembers; a list with its own address handling calls it.
 */
export function useRememberedListState() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const userId = useSignedInUserId();
  const arrivedOn = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!userId) return;
    const key = keyOf(userId, pathname);
    const query = search.replace(/^\?/, "");
    if (arrivedOn.current !== pathname) {
      arrivedOn.current = pathname;
      const remembered = read(key);
      if (!query && remembered) {
        navigate({ search: `?${remembered}` }, { replace: true });
        return;
      }
    }
    write(key, query);
  }, [userId, pathname, search, navigate]);
}
