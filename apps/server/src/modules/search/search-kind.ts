import type { PermissionCode, SearchKind, SearchResult } from "@certidesk/shared";
import type { SQL } from "drizzle-orm";
import type { Actor } from "../../lib/actor.js";
import { isAllowed } from "../../lib/authorization.js";
import { isStaff } from "../../lib/policy.js";
import type { KindQuery } from "./search-sql.js";

/** A result as a kind builds it from its row; the service adds the kind and whether a typo was corrected. */
export type KindResult = Pick<SearchResult, "id" | "title" | "detail" | "path">;

/**
 * One kind of record the global search looks through. Its scope is the one its own list applies (the same
 * rule, imported from its module: never a second copy), and its statement finds its best matches.
 */
export interface SearchKindDefinition<Row = Record<string, unknown>> {
  kind: SearchKind;
  /**
   * Which of these records the actor may read, as a condition on the kind's table: undefined for all of them,
   * null for none (the kind is then not searched at all).
   */
  scope(actor: Actor): SQL | undefined | null;
  /** The kind's best results (search-sql.ts, `kindStatement`): columns kind, rank, corrected, row. */
  statement(query: KindQuery, scope: SQL | undefined): SQL;
  /** The result from its row (the JSON of the statement's columns). */
  result(row: Row, actor: Actor): KindResult;
}

/**
 * Whether the actor passes what a route reading `code` requires (lib/authorization.ts): the kind's own list
 * screen's rule, portal profiles held to the codes their scope bounds.
 */
export const reads = (actor: Actor, code: PermissionCode) => isAllowed({ code, op: "read" }, actor);
/** The same, for records the staff alone see (their policy's scope is `isStaff`). */
export const staffReads = (actor: Actor, code: PermissionCode) => isStaff(actor) && reads(actor, code);

/** Where a client user's records open: their portal, which shows their establishment, missions and invoices. */
export const CLIENT_PORTAL = "/my-ingeris/donnees-certification";
/** Where an evaluator's records open: their space, on one of its tabs. */
export const evaluatorSpace = (auditorId: string | null, tab?: string) =>
  `/espace-evaluateur/${auditorId ?? ""}${tab ? `?onglet=${tab}` : ""}`;

/** The parts of a result's line that exist, "·"-separated. */
export const detailOf = (...parts: Array<string | null | undefined | false>) =>
  parts.filter((p): p is string => !!p && p.trim() !== "").join(" · ");
