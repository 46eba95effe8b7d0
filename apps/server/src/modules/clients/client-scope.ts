import type { Actor } from "../../lib/actor.js";

/** Which clients an actor may see, as a filter the repositories turn into SQL. */
export type ClientScope = { kind: "all" } | { kind: "client"; clientId: string } | { kind: "none" };

export function clientScope(actor: Actor): ClientScope {
  if (actor.profileType === "MYQUALIANOR")
    return actor.clientId ? { kind: "client", clientId: actor.clientId } : { kind: "none" };
  if (actor.profileType === "AUDITEUR") return { kind: "none" };
  return { kind: "all" };
}

/** Today in Paris, as the database compares dates. */
export function todayIso(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Paris" }).format(now);
}
