import { asc, ilike, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { auditors, clients } from "../db/schema/index.js";
import { likePattern } from "./pagination.js";
import { foldedSql, foldText } from "./search-text.js";

/** Evaluators or clients as select options, searched without accents; for linking a user or a document. */
export async function partyOptions(db: Executor, kind: "auditor" | "client", search?: string) {
  const pattern = search ? likePattern(foldText(search)) : undefined;
  if (kind === "auditor") {
    const name = sql<string>`${auditors.lastName} || ' ' || ${auditors.firstName}`;
    return db
      .select({ value: auditors.id, label: name })
      .from(auditors)
      .where(pattern ? ilike(foldedSql(name), pattern) : undefined)
      .orderBy(asc(auditors.lastName))
      .limit(50);
  }
  return db
    .select({ value: clients.id, label: clients.raisonSocial })
    .from(clients)
    .where(pattern ? ilike(foldedSql(clients.raisonSocial), pattern) : undefined)
    .orderBy(asc(clients.raisonSocial))
    .limit(50);
}
