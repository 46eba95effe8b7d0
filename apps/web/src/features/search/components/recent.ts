import { SEARCH_KINDS, type SearchResult } from "@certidesk/shared";

/** A record opened from the search, offered again when the search is empty. */
export type RecentItem = Pick<SearchResult, "kind" | "id" | "title" | "detail" | "path">;

/** How many opened records are remembered. */
const KEPT = 6;
/** Per user: two people sharing a browser do not see each other's records. */
const keyOf = (userId: string) => `certidesk.recherche.recents.${userId}`;

const isRecent = (value: unknown): value is RecentItem => {
  const item = value as Partial<RecentItem> | null;
  return (
    !!item &&
    (SEARCH_KINDS as readonly string[]).includes(item.kind ?? "") &&
    [item.id, item.title, item.detail, item.path].every((v) => typeof v === "string") &&
    // Only an address of the application: a value written by anything else never becomes a link.
    /^\/(app|my-ingeris|espace-evaluateur)\//.test(item.path ?? "")
  );
};

/** The records this user opened last, newest first (what the browser kept, checked). */
export function readRecent(userId: string): RecentItem[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? "[]");
    return Array.isArray(stored) ? stored.filter(isRecent).slice(0, KEPT) : [];
  } catch {
    return [];
  }
}

/** Remembers an opened record at the head of the list, once. */
export function rememberRecent(userId: string, item: RecentItem): void {
  const { kind, id, title, detail, path } = item;
  const others = readRecent(userId).filter((r) => !(r.kind === kind && r.id === id));
  localStorage.setItem(keyOf(userId), JSON.stringify([{ kind, id, title, detail, path }, ...others].slice(0, KEPT)));
}
