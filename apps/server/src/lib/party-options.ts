import { and, asc, ilike, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { auditors, clients } from "../db/schema/index.js";
import { foldedSql, matchEveryWord, storedTextLike } from "./search-text.js";

/**
 * A word in an establishment's name, read from its stored folded key among the matches of its search text
 * (trigrams): folding the 10,000 names at each keystroke cost 70 ms (docs/performance.md).
 */
const nameMatches = (pattern: string) =>
  and(storedTextLike(clients.searchText, pattern), storedTextLike(clients.listNameKey, pattern));

/** Evaluators or clients as select options, searched without accents; for linking a user or a document. */
export async function partyOptions(db: Executor, kind: "auditor" | "client", search?: string) {
  if (kind === "auditor") {
    const name = sql<string>`${auditors.lastName} || ' ' || ${auditors.firstName}`;
    return db
      .select({ value: auditors.id, label: name })
      .from(auditors)
      .where(matchEveryWord(search, (pattern) => ilike(foldedSql(name), pattern)))
      .orderBy(asc(auditors.lastName))
      .limit(50);
  }
  return db
    .select({ value: clients.id, label: clients.raisonSocial })
    .from(clients)
    .where(matchEveryWord(search, (pattern) => nameMatches(pattern)))
    .orderBy(asc(clients.raisonSocial))
    .limit(50);
}
