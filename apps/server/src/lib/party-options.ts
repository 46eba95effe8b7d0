import { asc, ilike, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { auditors, clients } from "../db/schema/index.js";
import { foldedSql, matchEveryWord } from "./search-text.js";

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
    .where(matchEveryWord(search, (pattern) => ilike(foldedSql(clients.raisonSocial), pattern)))
    .orderBy(asc(clients.raisonSocial))
    .limit(50);
}
